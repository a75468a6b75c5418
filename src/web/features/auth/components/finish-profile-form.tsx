import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DEFAULT_BRANCHES } from '@shared/catalogue';
import { ROUTES } from '@shared/routes';
import { finishProfileRequestSchema, SSO_MESSAGES } from '@shared/sso';
import { ClassFields } from '../../../components/class-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useBranches } from '../../../lib/get-branches';
import { toast } from '../../../lib/toast';
import { useFinishProfile } from '../api/sso';
import { RoleField } from './sign-up-fields';

interface FinishProfileValues {
  branch: string;
  semester: string;
  session: string;
  role: string;
}

const FIELDS = ['branch', 'semester', 'session', 'role'] as const;
const FAILED = 'Could not save your profile. Please try again.';
// The server's schema, so the form speaks with its messages, one rule at a time (as sign-up does).
const resolver = zodResolver(finishProfileRequestSchema, undefined, { raw: true }) as unknown as Resolver<FinishProfileValues>;

/** The sign-up fields a provider does not give (decision 052), under the same rules. */
export function FinishProfileForm() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FinishProfileValues>({ resolver, defaultValues: { branch: '', semester: '', session: '', role: 'STUDENT' } });
  const finish = useFinishProfile();
  const branchQuery = useBranches();
  const branches = branchQuery.data?.branches ?? (branchQuery.isError ? DEFAULT_BRANCHES : []);
  const { register, formState, watch } = form;

  const onSubmit = (values: FinishProfileValues) => {
    setFormError(null);
    finish.mutate(values, {
      onSuccess: () => {
        toast.success(SSO_MESSAGES.profileDone, { id: 'finish-profile' });
        void navigate(ROUTES.branches, { replace: true });
      },
      onError: (error) => {
        const message = errorMessage(error, FAILED, [400, 409]);
        const field = error instanceof ApiRequestError ? error.field : undefined;
        const known = FIELDS.find((name) => name === field);
        if (known) form.setError(known, { type: 'server', message }, { shouldFocus: true });
        else setFormError(message);
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <ClassFields
        registration={{ branch: register('branch'), semester: register('semester'), session: register('session') }}
        errors={{ branch: formState.errors.branch?.message, semester: formState.errors.semester?.message, session: formState.errors.session?.message }}
        branches={branches}
        branchPlaceholder={branchQuery.isPending ? 'Loading branches...' : 'Select branch'}
      >
        <RoleField registration={register('role')} error={formState.errors.role?.message} role={watch('role')} />
      </ClassFields>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={finish.isPending}>
        {finish.isPending ? 'Saving...' : 'Open the library'}
      </Button>
    </form>
  );
}
