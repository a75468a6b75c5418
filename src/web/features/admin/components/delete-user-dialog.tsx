import type { AdminUser } from '@shared/admin';
import { DeleteDialog, type DeleteFact } from '../../../components/ui/delete-dialog';
import { ROLE_LABELS } from './role-badge';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** Which account it is: the name and e-mail in full, however long. */
const userFacts = (user: AdminUser): DeleteFact[] => [
  { term: 'Name', value: user.name, className: 'break-words' },
  { term: 'E-mail', value: user.email, className: 'break-all' },
  { term: 'Role', value: ROLE_LABELS[user.role] },
];

/** Confirms a user deletion and says what happens to their sessions and uploads. */
export function DeleteUserDialog({ user, busy, onCancel, onConfirm }: DeleteUserDialogProps) {
  return (
    <DeleteDialog
      item={user}
      title="Delete User"
      question="Are you sure you want to delete this user?"
      facts={userFacts}
      consequences={
        <p className="mt-3">
          They are signed out everywhere at once. Resources they uploaded stay in the library, shown as uploaded by a
          deleted account.
        </p>
      }
      busy={busy}
      busyLabel="Deleting..."
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
