import type { AdminUser, AssignableRole } from '@shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ROLE_LABELS } from './role-badge';

interface RoleChangeDialogProps {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser, role: AssignableRole) => void;
}

/** The role the dashboard offers a user: the other one of Student and CR. */
export function nextRole(user: AdminUser): AssignableRole {
  return user.role === 'CR' ? 'STUDENT' : 'CR';
}

/** SPEC.md §2: "Changing a role opens a confirmation dialog titled Change User Role". */
export function RoleChangeDialog({ user, busy, onCancel, onConfirm }: RoleChangeDialogProps) {
  const role = user ? nextRole(user) : 'CR';
  return (
    <ConfirmDialog
      open={user !== null}
      onCancel={onCancel}
      onConfirm={() => user && onConfirm(user, role)}
      title="Change User Role"
      confirmLabel={`Make ${ROLE_LABELS[role]}`}
      busyLabel="Changing..."
      busy={busy}
      description={
        user ? (
          <>
            <p>
              Change <strong className="break-words">{user.name}</strong>&apos;s role from {ROLE_LABELS[user.role]} to{' '}
              {ROLE_LABELS[role]}?
            </p>
            <p className="mt-2 text-slate-600">
              {role === 'CR'
                ? 'As a CR they can upload resources for everyone. Each class has a limited number of CRs.'
                : 'They will no longer be able to upload resources.'}{' '}
              The change applies to their next page load.
            </p>
          </>
        ) : undefined
      }
    />
  );
}
