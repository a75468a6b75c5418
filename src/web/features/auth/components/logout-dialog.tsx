import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/account';
import { ROUTES } from '@shared/routes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useLogout } from '../api/logout';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC.md §2: "Confirm Logout" with Cancel and Logout; a confirmed logout lands on /login. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const logout = useLogout({
    onLoggedOut: () => {
      onClose();
      void navigate(ROUTES.login);
    },
  });

  // While the request runs, Escape and the backdrop do nothing: the outcome is not known yet.
  const handleClose = () => {
    if (!logout.isPending) onClose();
  };

  const handleConfirm = () =>
    logout.mutate(undefined, {
      onError: () => {
        // Closed first: a toast behind the modal backdrop would be dimmed and unreadable.
        onClose();
        toast.error(ACCOUNT_MESSAGES.logoutFailed, { id: 'logout-error' });
      },
    });

  return (
    <Dialog open={open} onClose={handleClose} title="Confirm Logout" description="Are you sure you want to log out?">
      <Button variant="secondary" onClick={handleClose} disabled={logout.isPending} className="w-full sm:w-auto">
        Cancel
      </Button>
      <Button onClick={handleConfirm} disabled={logout.isPending} className="w-full sm:w-auto">
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </Dialog>
  );
}
