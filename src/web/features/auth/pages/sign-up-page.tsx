import { lazy, Suspense, useEffect, useState } from 'react';
import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';
import { publicConfig } from '../../../lib/public-config';
import { AuthCard } from '../components/auth-card';
import { SignUpForm, type SignUpResult } from '../components/sign-up-form';
import { Spinner } from '../../../components/ui/spinner';

// Shown only once the form is sent: out of the page's first load (DESIGN.md §5, 150 KB gzip),
// fetched as soon as the form is on screen so it is there long before anyone submits.
const loadSuccess = () => import('../components/sign-up-success');
const SignUpSuccess = lazy(() => loadSuccess().then((m) => ({ default: m.SignUpSuccess })));

export function SignUpPage() {
  const [result, setResult] = useState<SignUpResult | null>(null);
  useEffect(() => void loadSuccess().catch(() => {}), []);

  if (result) {
    return (
      <AuthCard title="Check your inbox" focusHeading>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <SignUpSuccess result={result} />
        </Suspense>
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
