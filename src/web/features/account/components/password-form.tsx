import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_HINT } from '@shared/account';
import { ACCOUNT_SETTINGS_MESSAGES, changePasswordRequestSchema, type ChangePasswordRequest } from '@shared/account-settings';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: readonly string[] = Object.keys(EMPTY);
const resolver = zodResolver(changePasswordRequestSchema);

/**
 * Current password, then the new one twice. The rules and their messages are sign-up's; the
 * server adds the strength check (its reason shows under "New password").
 */
export function PasswordForm({ email }: { email: string }) {
  const form = useForm<ChangePasswordRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = useChangePassword();

  const onSubmit = (values: ChangePasswordRequest) => {
    change.mutate(values, {
      onSuccess: ({ message }) => {
        form.reset(EMPTY);
        toast.success(message, { id: 'account-password' });
      },
      onError: (error) => {
        const message = errorMessage(error, ACCOUNT_SETTINGS_MESSAGES.passwordFailed, [400, 401, 429]);
        const field = error instanceof ApiRequestError ? error.field : undefined;
        if (field && FIELDS.includes(field))
          form.setError(field as keyof ChangePasswordRequest, { type: 'server', message }, { shouldFocus: true });
        toast.error(message, { id: 'account-password' });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Change password" className="space-y-5">
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('currentPassword')} autoComplete="current-password" />}
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
        {(control) => <PasswordInput {...control} {...form.register('newPassword')} autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}
      </FormField>
      <p className="text-sm text-slate-600">Changing your password signs you out on every other device.</p>
      <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
