import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ACCOUNT_MESSAGES, meetsPasswordRules } from '@shared/account';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNavigateAfter } from '../../../lib/use-navigate-after';
import { useResetPassword } from '../api/reset-password';
import { PASSWORD_HINT } from '../utils/password-hint';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const RESET_FAILED = 'Failed to reset the password. Please try again.';
const REDIRECT_DELAY_MS = 2000;

// The same rules account creation applies (SPEC.md §5), checked before the token is spent.
const resolver: Resolver<ResetValues> = (values) => {
  const errors: FieldErrors<ResetValues> = {};
  if (!meetsPasswordRules(values.password))
    errors.password = { type: 'validate', message: ACCOUNT_MESSAGES.passwordRules };
  else if (values.password !== values.confirmPassword)
    errors.confirmPassword = { type: 'validate', message: ACCOUNT_MESSAGES.passwordsDontMatch };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

export function ResetPasswordForm({ token }: { token: string }) {
  const [formError, setFormError] = useState<{ message: string; linkInvalid: boolean } | null>(null);
  const form = useForm<ResetValues>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const reset = useResetPassword();

  useNavigateAfter(reset.isSuccess, ROUTES.login, REDIRECT_DELAY_MS);

  const onSubmit = (values: ResetValues) => {
    setFormError(null);
    reset.mutate(
      { token, ...values },
      {
        onSuccess: ({ message }) => toast.success(message, { id: 'reset-password' }),
        onError: (error) => {
          const message = errorMessage(error, RESET_FAILED, [400, 429]);
          const field = error instanceof ApiRequestError ? error.field : undefined;
          if (field === 'password' || field === 'confirmPassword')
            form.setError(field, { type: 'server', message }, { shouldFocus: true });
          else
            setFormError({ message, linkInvalid: error instanceof ApiRequestError && error.code === 'INVALID_TOKEN' });
          toast.error(message, { id: 'reset-password' });
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-medium">{reset.data.message}</p>
        <p>Taking you to the login page...</p>
      </Alert>
    );
  }

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <FormField label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}
      </FormField>
      {formError ? (
        <Alert tone="error">
          <p>{formError.message}</p>
          {formError.linkInvalid ? <TextLink to={ROUTES.forgotPassword}>Request a new reset link</TextLink> : null}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
