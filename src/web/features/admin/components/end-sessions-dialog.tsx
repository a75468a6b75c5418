import type { AdminUser } from '@shared/admin';
import { SESSION_MESSAGES } from '@shared/sessions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useEndUserSessions } from '../api/users';

/** Asks, then signs `user` out on every device (a lost phone, a shared computer). */
export function EndSessionsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const end = useEndUserSessions();
  const confirm = () => {
    if (!user) return;
    end.mutate(user.id, {
      onSuccess: ({ ended }) => {
        toast.success(ended === 1 ? `${user.name} was signed out on 1 device.` : `${user.name} was signed out on ${ended} devices.`, { id: 'end-sessions' });
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, SESSION_MESSAGES.endUserSessionsFailed, [400, 403, 404]), { id: 'end-sessions' }),
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title="Sign out everywhere?"
      description={user ? `${user.name} (${user.email}) will be signed out on every device and must sign in again. Their account stays as it is.` : ''}
      confirmLabel="Sign out everywhere"
      busyLabel="Signing out..."
      busy={end.isPending}
      tone="danger"
      onCancel={() => (end.isPending ? undefined : onClose())}
      onConfirm={confirm}
    />
  );
}
