import { useLocation, useSearchParams } from 'react-router';
import { RESOURCE_TYPE_NAMES } from '@shared/catalogue';
import { ROUTES } from '@shared/routes';
import { ssoErrorMessage } from '@shared/sso';
import { publicConfig } from '../../../lib/public-config';
import { TextLink } from '../../../components/ui/text-link';
import { useResourceTeaser } from '../api/resource-teaser';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { SsoButtons } from '../components/sso-buttons';
import { previewIdFrom } from '../utils/shared-link';

export function LoginPage() {
  const location = useLocation();
  // A shared link opened signed out: say which paper the login leads to (it opens right after).
  const teaser = useResourceTeaser(previewIdFrom(location.state)).data?.resource;
  // A provider sign-in that was refused comes back as /login?error=<code> (decision 052).
  const refusedCode = useSearchParams()[0].get('error');
  const { passwordLogin, providers } = publicConfig.sso;
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
        passwordLogin ? (
          <p>
            Don&apos;t have an account? <TextLink to={ROUTES.signup}>Sign up</TextLink>
          </p>
        ) : null
      }
    >
      <SsoButtons refusal={refusedCode ? ssoErrorMessage(refusedCode) : undefined} />
      {passwordLogin && providers.length ? (
        <p className="my-5 flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
          or with your password
        </p>
      ) : null}
      {passwordLogin ? <LoginForm /> : null}
    </AuthCard>
  );
}
