import { useLocation } from 'react-router';
import { RESOURCE_TYPE_NAMES } from '@shared/catalogue';
import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';
import { useResourceTeaser } from '../api/resource-teaser';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { previewIdFrom } from '../utils/shared-link';

export function LoginPage() {
  const location = useLocation();
  // A shared link opened signed out: say which paper the login leads to (it opens right after).
  const teaser = useResourceTeaser(previewIdFrom(location.state)).data?.resource;
  return (
    <AuthCard
      title="Login"
      subtitle={
        teaser ? (
          <>
            Sign in to open <strong className="font-semibold text-slate-900">{teaser.title}</strong> (
            {RESOURCE_TYPE_NAMES[teaser.resourceType]}).
          </>
        ) : (
          'Sign in to browse, preview and download resources.'
        )
      }
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
