import { Navigate } from 'react-router';
import { ROUTES } from '@shared/routes';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { FinishProfileForm } from '../components/finish-profile-form';

/** A first sign-in with a provider: the profile fields it did not give, before the library opens. */
export function FinishProfilePage() {
  const { user } = useSession();
  if (!user?.profilePending) return <Navigate to={ROUTES.branches} replace />;
  return (
    <AuthCard
      title="Finish your profile"
      subtitle={
        <>
          Signed in as <strong className="font-semibold text-slate-900">{user.email}</strong>. Tell us your class so the
          library shows your subjects.
        </>
      }
    >
      <FinishProfileForm />
    </AuthCard>
  );
}
