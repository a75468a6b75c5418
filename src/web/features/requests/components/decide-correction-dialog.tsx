import { FileText, FileUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CORRECTION_MESSAGES, correctionKindLabel, dismissCorrectionSchema, type Correction } from '@shared/correction';
import { RESOURCE_MESSAGES, fileTooLargeMessage, formatMegabytes, maxUploadBytes } from '@shared/resource';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FileDropField } from '../../../components/ui/file-drop-field';
import { publicConfig } from '../../../lib/public-config';
import type { CorrectionDecision } from '../api/corrections';
import { ReasonField } from './reason-field';

/** Which dialog: accepting a file kind (asks for the replacement PDF) or dismissing (asks why). */
export interface PendingDecision {
  correction: Correction;
  decision: CorrectionDecision['decision'];
}

interface DecideCorrectionDialogProps {
  pending: PendingDecision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (how: CorrectionDecision) => void;
}

/** What is wrong with the chosen replacement before a byte is sent, or undefined. */
function checkFile(file: File | null): string | undefined {
  if (!file) return CORRECTION_MESSAGES.fileNeeded;
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return RESOURCE_MESSAGES.notPdf;
  if (file.size > maxUploadBytes(publicConfig.maxUploadMb)) return fileTooLargeMessage(publicConfig.maxUploadMb);
  return undefined;
}

/**
 * Accepting "pages missing" or "a better scan exists" takes the replacement PDF (the resource
 * keeps its id, downloads and shelves); dismissing takes an optional reason the student reads.
 */
export function DecideCorrectionDialog({ pending, busy, onCancel, onConfirm }: DecideCorrectionDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  // Another correction (or the dialog closing after a decision) starts empty; a failure keeps the input.
  useEffect(() => {
    setFile(null);
    setReason('');
    setError(undefined);
  }, [pending]);

  const accepting = pending?.decision === 'accept';
  const submit = () => {
    if (accepting) {
      const problem = checkFile(file);
      if (problem || !file) return setError(problem);
      return onConfirm({ decision: 'accept', file });
    }
    const parsed = dismissCorrectionSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onConfirm({ decision: 'dismiss', reason: parsed.data.reason });
  };
  const c = pending?.correction;
  const who = c?.suggestedByName ?? 'The student';

  return (
    <ConfirmDialog
      open={pending !== null}
      onCancel={onCancel}
      onConfirm={submit}
      title={accepting ? 'Replace the file' : 'Dismiss the correction'}
      description={
        c
          ? accepting
            ? `${c.resource.title}: ${correctionKindLabel(c.kind)}. The new PDF takes the old one's place; its downloads and shelves stay. ${who} will be told.`
            : `${c.resource.title}: ${correctionKindLabel(c.kind)}. ${who} will be told by e-mail, with your reason if you write one.`
          : undefined
      }
      confirmLabel={accepting ? 'Replace and accept' : 'Dismiss'}
      busyLabel="Saving..."
      busy={busy}
      fields={
        accepting ? (
          <FileDropField
            label="Replacement PDF"
            hint={`The better or complete scan, up to ${publicConfig.maxUploadMb}MB.`}
            accept=".pdf,application/pdf"
            file={file}
            error={error}
            disabled={busy}
            layout="row"
            chosenTestId="chosen-replacement"
            onChange={(next) => {
              setFile(next);
              setError(undefined);
            }}
            chosen={file ? <ChosenPdf file={file} /> : null}
            prompt={
              <>
                <FileUp aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
                <span className="text-sm font-semibold text-brand-800">Choose the PDF</span>
              </>
            }
          />
        ) : (
          <ReasonField
            label="Reason (optional)"
            value={reason}
            error={error}
            placeholder="e.g. The pages are all there: 12 is blank in the original"
            onChange={(value) => {
              setReason(value);
              setError(undefined);
            }}
          />
        )
      }
    />
  );
}

function ChosenPdf({ file }: { file: File }) {
  return (
    <>
      <FileText aria-hidden="true" className="size-7 shrink-0 text-red-700" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{file.name}</span>
        <span className="block text-sm text-slate-600">{formatMegabytes(file.size)}</span>
      </span>
    </>
  );
}
