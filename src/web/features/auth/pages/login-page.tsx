import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  return (
    <AuthCard
      title="Login"
      subtitle="Sign in to browse, preview and download resources."
      footer={
        <p>
          Don&apos;t have an account? <TextLink to={ROUTES.signup}>Sign up</TextLink>
        </p>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
