import { useState } from 'react';
import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';
import { publicConfig } from '../../../lib/public-config';
import { AuthCard } from '../components/auth-card';
import { SignUpForm, type SignUpResult } from '../components/sign-up-form';
import { SignUpSuccess } from '../components/sign-up-success';

export function SignUpPage() {
  const [result, setResult] = useState<SignUpResult | null>(null);

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
