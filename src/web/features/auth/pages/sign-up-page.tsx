import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { ROUTES } from '@shared/routes';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { TextLink } from '../../../components/ui/text-link';
import { publicConfig } from '../../../lib/public-config';
import { AuthCard } from '../components/auth-card';
import { SignUpForm, type SignUpResult } from '../components/sign-up-form';
import { Spinner } from '../../../components/ui/spinner';

// Shown only once the form is sent: out of the page's first load (DESIGN.md §5, 150 KB gzip),
// fetched as soon as the form is on screen so it is there long before anyone submits.
const SignUpSuccess = lazyComponent(
  () => import('../components/sign-up-success'),
  (m) => m.SignUpSuccess,
  <Spinner label="Loading..." />,
);

export function SignUpPage() {
  const [result, setResult] = useState<SignUpResult | null>(null);
  useEffect(() => void SignUpSuccess.preload().catch(() => {}), []);

  // Only a provider signs people in (PASSWORD_LOGIN=false, decision 052): its button is on /login.
  if (!publicConfig.sso.passwordLogin) return <Navigate to={ROUTES.login} replace />;
  if (result) {
    return (
      <AuthCard title="Check your inbox" focusHeading>
        <SignUpSuccess result={result} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign Up"
      subtitle={`Create your ${publicConfig.productName} account with your ${publicConfig.institutionName} e-mail address.`}
      footer={
        <p>
          Already have an account? <TextLink to={ROUTES.login}>Log in</TextLink>
        </p>
      }
    >
      <SignUpForm onSignedUp={setResult} />
    </AuthCard>
  );
}
