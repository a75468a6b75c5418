import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { SessionUser } from '@shared/account';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  missingClassField,
  updateProfileRequestSchema,
  type UpdateProfileRequest,
} from '@shared/account-settings';
import type { Branch } from '@shared/catalogue';
import { z } from '@shared/zod';
import { ClassFields } from '../../../components/class-fields';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/** What the inputs hold: every <select> and text box gives back a string. */
interface ProfileValues {
  name: string;
  branch: string;
  semester: string;
  session: string;
}

const FIELDS: readonly string[] = ['name', 'branch', 'semester', 'session'];
/** Shown to CRs under their class; the loading placeholder shows it too, so the form lands on the same height. */
export const CR_HINT =
  'As a CR you hold one of your class’s CR seats. Moving to another class takes a seat there if one is free; otherwise nothing changes.';

const valuesOf = (user: SessionUser): ProfileValues => ({
  name: user.name,
  branch: user.branch,
  semester: user.semester ? String(user.semester) : '',
  session: user.session,
});

/**
 * Name, class (branch and semester) and academic session of the signed-in user. Rendered once the
 * branch list is known, so the select shows the user's branch from the start.
 */
export function ProfileForm({ user, branches }: { user: SessionUser; branches: readonly Branch[] }) {
  const resolver = useMemo(
    () =>
      // The class a user must give depends on their role: a check the shared schema cannot make alone.
      zodResolver(
        updateProfileRequestSchema.check(
          z.superRefine((parsed, ctx) => {
            const missing = missingClassField(parsed as UpdateProfileRequest, user.role);
            if (missing) ctx.addIssue({ code: 'custom', path: [missing.field], message: missing.message });
          }),
        ),
        undefined,
        // The form keeps its raw values (strings from inputs); the caller sends those.
        { raw: true },
      ) as unknown as Resolver<ProfileValues>,
    [user.role],
  );
  const form = useForm<ProfileValues>({ resolver, defaultValues: valuesOf(user) });
  const { errors, isDirty } = form.formState;
  const save = useUpdateProfile();
  const classOptional = user.role === 'ADMIN';

  const onSubmit = (values: ProfileValues) => {
    save.mutate(values, {
      onSuccess: (answer) => {
        // The saved values become the form's new baseline (trimmed name, lower-case branch).
        form.reset(valuesOf(answer.user));
        toast.success(answer.message, { id: 'account-profile' });
      },
      onError: (error) => {
        const message = errorMessage(error, ACCOUNT_SETTINGS_MESSAGES.saveFailed, [400, 401, 409]);
        const field = error instanceof ApiRequestError ? error.field : undefined;
        if (field && FIELDS.includes(field))
          form.setError(field as keyof ProfileValues, { type: 'server', message }, { shouldFocus: true });
        toast.error(message, { id: 'account-profile' });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Profile" className="space-y-5">
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} autoComplete="name" maxLength={100} />}
      </FormField>
      <ClassFields
        registration={{ branch: form.register('branch'), semester: form.register('semester'), session: form.register('session') }}
        errors={{ branch: errors.branch?.message, semester: errors.semester?.message, session: errors.session?.message }}
        branches={branches}
        optional={classOptional}
        sideBySide
        sessionHint="Your batch, from the year you joined: e.g. 2024-28. It moves your semester on each term."
        sessionMaxLength={16}
      >
        {user.role === 'CR' ? <p className="text-sm text-slate-600">{CR_HINT}</p> : null}
      </ClassFields>
      <Button type="submit" disabled={save.isPending || !isDirty} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
