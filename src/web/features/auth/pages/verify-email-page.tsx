import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/account';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

/** Opened from the link in the verification mail: /verify-email?token=... */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A token can be spent once: StrictMode's second effect run (development) must not resend it.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail verified" focusHeading>
        <Alert tone="success">{verify.data.message}</Alert>
        <LinkButton to={ROUTES.login} size="lg" className="mt-6 w-full">
          Log in
        </LinkButton>
      </AuthCard>
    );
  }

  if (!token || verify.isError) {
    const message = verify.isError
      ? errorMessage(verify.error, ACCOUNT_MESSAGES.verifyLinkInvalid, [400, 429])
      : ACCOUNT_MESSAGES.verifyLinkInvalid;
    return (
      <AuthCard title="Verification failed" focusHeading={!!token}>
        <Alert tone="error">{message}</Alert>
        <p className="mt-6 text-center text-sm text-slate-700">
          <TextLink to={ROUTES.login}>Go to Login</TextLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verify e-mail">
      <div className="flex justify-center py-6 text-brand-800">
        <Spinner label="Verifying your e-mail..." showLabel className="text-base font-medium" />
      </div>
    </AuthCard>
  );
}
