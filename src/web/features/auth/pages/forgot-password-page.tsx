import { ArrowLeft } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
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
