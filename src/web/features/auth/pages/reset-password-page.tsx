import { Navigate, useSearchParams } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { publicConfig } from '../../../lib/public-config';
import { TextLink } from '../../../components/ui/text-link';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

/** Opened from the link in the reset mail: /reset-password?token=... */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const backToLogin = <TextLink to={ROUTES.login}>Back to Login</TextLink>;
  // With password sign-in off there is no password to reset (decision 052): the API refuses too.
  if (!publicConfig.sso.passwordLogin) return <Navigate to={ROUTES.login} replace />;

  if (!token) {
    return (
      <AuthCard title="Reset password" footer={backToLogin}>
        <Alert tone="error">
          <p>This password reset link is incomplete. Open the link from the e-mail again, or request a new one.</p>
          <TextLink to={ROUTES.forgotPassword}>Request a new reset link</TextLink>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account." footer={backToLogin}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
