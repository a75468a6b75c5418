import type { ReactNode } from 'react';
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
  onCancel: () => void;
  onConfirm: () => void;
}

/** A yes/no question about one action: Cancel first (it takes the focus), then the action. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'primary',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={open ? description : undefined}>
      <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
        Cancel
      </Button>
      <Button
        onClick={onConfirm}
        disabled={busy}
        className={tone === 'danger' ? 'w-full bg-red-700 hover:bg-red-800 sm:w-auto' : 'w-full sm:w-auto'}
      >
        {busy && busyLabel ? busyLabel : confirmLabel}
      </Button>
    </Dialog>
  );
}
