import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { institutionEmailMessage, isInstitutionEmail } from '@shared/account';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useNavigateAfter } from '../../../lib/use-navigate-after';
import { useForgotPassword } from '../api/forgot-password';
import { InstitutionEmailField } from './institution-email-field';

const SENT = 'Recovery email sent! Please check your inbox.';
const FAILED = 'Failed to send recovery email. Please try again.';
/** SPEC.md §9: the redirect to /login after success waits 2 s. */
const REDIRECT_DELAY_MS = 2000;

const resolver: Resolver<{ email: string }> = (values) => {
  if (isInstitutionEmail(values.email.trim(), publicConfig.institutionEmailDomain)) return { values, errors: {} };
  const errors: FieldErrors<{ email: string }> = {
    email: { type: 'validate', message: institutionEmailMessage(publicConfig.institutionName) },
  };
  return { values: {}, errors };
};

/** States idle, loading, success, error (SPEC.md §2) are the mutation's own. */
export function ForgotPasswordForm() {
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver, defaultValues: { email: '' } });
  const forgot = useForgotPassword();

  useNavigateAfter(forgot.isSuccess, ROUTES.login, REDIRECT_DELAY_MS);

  const onSubmit = ({ email }: { email: string }) =>
    forgot.mutate(email.trim(), {
      onSuccess: () => toast.success(SENT, { id: 'forgot-password' }),
      onError: (error) => toast.error(errorMessage(error, FAILED, [400, 429]), { id: 'forgot-password' }),
    });

  if (forgot.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-medium">{SENT}</p>
        <p>Taking you to the login page...</p>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <InstitutionEmailField registration={register('email')} error={formState.errors.email?.message} />
      {forgot.isError ? <Alert tone="error">{errorMessage(forgot.error, FAILED, [400, 429])}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
