import { ArrowLeft } from 'lucide-react';
import { Navigate } from 'react-router';
import { ROUTES } from '@shared/routes';
import { publicConfig } from '../../../lib/public-config';
import { TextLink } from '../../../components/ui/text-link';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  // With password sign-in off there is no password to reset (decision 052): the API refuses too.
  if (!publicConfig.sso.passwordLogin) return <Navigate to={ROUTES.login} replace />;
  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter your account's e-mail address and we will send you a link to choose a new password."
      footer={
        <TextLink to={ROUTES.login} className="inline-flex items-center gap-1.5">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </TextLink>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
