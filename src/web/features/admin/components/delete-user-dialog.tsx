import { TriangleAlert } from 'lucide-react';
import type { AdminUser } from '@shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ROLE_LABELS } from './role-badge';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** Confirms a user deletion and says what happens to their sessions and uploads. */
export function DeleteUserDialog({ user, busy, onCancel, onConfirm }: DeleteUserDialogProps) {
  return (
    <ConfirmDialog
      open={user !== null}
      onCancel={onCancel}
      onConfirm={() => user && onConfirm(user)}
      title="Delete User"
      confirmLabel="Delete User"
      busyLabel="Deleting..."
      busy={busy}
      tone="danger"
      description={
        user ? (
          <>
            <p>Are you sure you want to delete this user?</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-slate-800">
              <dt className="font-medium">Name</dt>
              <dd className="break-words">{user.name}</dd>
              <dt className="font-medium">E-mail</dt>
              <dd className="break-all">{user.email}</dd>
              <dt className="font-medium">Role</dt>
              <dd>{ROLE_LABELS[user.role]}</dd>
            </dl>
            <p className="mt-3">
              They are signed out everywhere at once. Resources they uploaded stay in the library, shown as uploaded by a
              deleted account.
            </p>
            <p className="mt-3 flex items-center gap-2 font-medium text-red-700">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              This action cannot be undone
            </p>
          </>
        ) : undefined
      }
    />
  );
}
