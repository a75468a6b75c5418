import { useEffect, useId, useState } from 'react';
import { declineRequestSchema, type ResourceRequest } from '@shared/request';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';

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
  const formId = useId();

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
    <Dialog
      open={request !== null}
      onClose={close}
      title="Decline Request"
      description={request ? `${request.subject} (${request.branch.toUpperCase()} sem${request.semester}, ${request.academicYear}). The ${request.supporters === 1 ? 'student' : `${request.supporters} students`} who asked will get your reason by e-mail.` : undefined}
      body={
        <form
          id={formId}
          className="mt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label="Reason" error={error}>
            {(control) => (
              <Textarea
                {...control}
                value={reason}
                maxLength={500}
                rows={3}
                placeholder="e.g. This subject is not taught this year"
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        </form>
      }
    >
      <Button variant="secondary" onClick={close} className="w-full sm:w-auto">
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy} className="w-full bg-red-700 hover:bg-red-800 sm:w-auto">
        {busy ? 'Declining...' : 'Decline Request'}
      </Button>
    </Dialog>
  );
}
