import { useEffect, useState } from 'react';
import { declineRequestSchema, type ResourceRequest } from '@shared/request';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ReasonField } from './reason-field';

interface DeclineDialogProps {
  request: ResourceRequest | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks why a request is declined: the students who wanted it read the reason. */
export function DeclineDialog({ request, busy, onCancel, onConfirm }: DeclineDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setReason('');
    setError(undefined);
    onCancel();
  };
  const submit = () => {
    const parsed = declineRequestSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onConfirm(parsed.data.reason);
  };
  // A new request (or the dialog closing after a decline) starts empty; a failure keeps the text.
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [request]);

  return (
    <ConfirmDialog
      open={request !== null}
      onCancel={close}
      onConfirm={submit}
      title="Decline Request"
      description={request ? `${request.subject} (${request.branch.toUpperCase()} sem${request.semester}, ${request.academicYear}). The ${request.supporters === 1 ? 'student' : `${request.supporters} students`} who asked will get your reason by e-mail.` : undefined}
      confirmLabel="Decline Request"
      busyLabel="Declining..."
      busy={busy}
      tone="danger"
      fields={
        <ReasonField
          label="Reason"
          value={reason}
          error={error}
          placeholder="e.g. This subject is not taught this year"
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
        />
      }
    />
  );
}
