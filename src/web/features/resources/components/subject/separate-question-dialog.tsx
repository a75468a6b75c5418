import type { AskedQuestion } from '@shared/questions';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';

export interface SeparateTarget {
  occurrence: AskedQuestion['occurrences'][number];
  question: AskedQuestion;
}

interface SeparateQuestionDialogProps {
  target: SeparateTarget | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (target: SeparateTarget) => void;
}

/** "Not the same question": what separating a paper's question from its group will change. */
export function SeparateQuestionDialog({ target, busy, onCancel, onConfirm }: SeparateQuestionDialogProps) {
  const left = target ? target.question.asked.count - 1 : 0;
  return (
    <ConfirmDialog
      open={target !== null}
      title="Not the same question?"
      description={
        target
          ? `${target.occurrence.label} of ${target.occurrence.title} will be listed as a question of its own, and the others will count as asked ${
              left === 1 ? 'once' : `${left} times`
            }. The choice is kept when the papers are read again.`
          : null
      }
      confirmLabel="Separate"
      busyLabel="Separating..."
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => target && onConfirm(target)}
    />
  );
}
