import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Role } from '@shared/account';
import { ACCOUNT_SETTINGS_MESSAGES, deleteWithPasswordSchema, type DeleteAccountRequest } from '@shared/account-settings';
import { ROUTES } from '@shared/routes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteAccount, useSignInMethods } from '../api/delete-account';

const resolver = zodResolver(deleteWithPasswordSchema);
const DANGER = 'w-full bg-red-700 hover:bg-red-800 sm:w-auto';

/** What goes and what stays, said before the button and again in the dialog. */
function consequences(role: Role): string {
  const seat = role === 'CR' ? ' Your CR seat is freed for someone else.' : '';
  return `Your profile, sign-in and saved items are removed and you are signed out everywhere.${seat} Files you uploaded stay in the library, shown as uploaded by a deleted account.`;
}

/**
 * The last section of /account: deleting one's own account after typing the password, or, for an
 * account without one, straight after a recent provider sign-in (the server checks how recent).
 */
export function DeleteAccountSection({ role, email }: { role: Role; email: string }) {
  // Until the answer comes, the password is asked for, as for most accounts.
  const noPassword = useSignInMethods().data?.password === false;
  const [open, setOpen] = useState(false);
  const formId = useId();
  const navigate = useNavigate();
  const form = useForm<{ password: string }>({ resolver: noPassword ? undefined : resolver, defaultValues: { password: '' } });
  const { errors } = form.formState;
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  // The session is forgotten once this page has left the screen: forgotten earlier, the
  // signed-in route's guard would see nobody first and send the browser to /login instead of
  // home (the route change renders as a transition, the session change at once).
  useEffect(
    () => () => {
      if (deleted.current) replaceSession(queryClient, null);
    },
    [queryClient],
  );

  const close = () => {
    if (remove.isPending) return;
    form.reset({ password: '' });
    setOpen(false);
  };

  const onSubmit = (values: DeleteAccountRequest) => {
    remove.mutate(values, {
      onSuccess: ({ message }) => {
        deleted.current = true;
        toast.success(message, { id: 'account-delete' });
        void navigate(ROUTES.home, { replace: true });
      },
      onError: (error) => {
        const message = errorMessage(error, ACCOUNT_SETTINGS_MESSAGES.deleteFailed, [400, 401, 403, 409, 429]);
        if (error instanceof ApiRequestError && error.field === 'password')
          form.setError('password', { type: 'server', message }, { shouldFocus: true });
        toast.error(message, { id: 'account-delete' });
      },
    });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{consequences(role)}</p>
      <Button onClick={() => setOpen(true)} className={DANGER}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete my account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description={<p>{consequences(role)} This cannot be undone.</p>}
        body={
          <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4">
            {noPassword ? (
              <p className="text-sm text-slate-700">Your account has no password: having signed in within the last 10 minutes confirms it is you.</p>
            ) : (
              <>
                <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
                <FormField label="Your password" error={errors.password?.message}>
                  {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />}
                </FormField>
              </>
            )}
          </form>
        }
      >
        <Button variant="secondary" onClick={close} className="w-full sm:w-auto">
          Cancel
        </Button>
        <Button type="submit" form={formId} disabled={remove.isPending} className={DANGER}>
          {remove.isPending ? 'Deleting...' : 'Delete account'}
        </Button>
      </Dialog>
    </div>
  );
}
