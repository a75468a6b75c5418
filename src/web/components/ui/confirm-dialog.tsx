import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs (e.g. "Deleting..."). */
  busyLabel?: string;
  busy?: boolean;
  /** 'danger' paints the confirm button red, for actions that cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Form fields asked with the question (a reason, a file): Enter in them confirms too. */
  fields?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A yes/no question about one action: Cancel first (it takes the focus), then the action; with
 * `fields`, a small form whose submit is the action.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'primary',
  fields,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const formId = useId();
  const form = fields ? (
    <form
      id={formId}
      className="mt-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      {fields}
    </form>
  ) : undefined;
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={open ? description : undefined} body={form}>
      <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
        Cancel
      </Button>
      <Button
        {...(fields ? { type: 'submit' as const, form: formId } : { onClick: onConfirm })}
        disabled={busy}
        className={tone === 'danger' ? 'w-full bg-red-700 hover:bg-red-800 sm:w-auto' : 'w-full sm:w-auto'}
      >
        {busy && busyLabel ? busyLabel : confirmLabel}
      </Button>
    </Dialog>
  );
}
