import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { SIGN_UP_ROLES } from '@shared/account';
import { COURSES, DEFAULT_BRANCHES } from '@shared/catalogue';
import { ClassFields } from '../../../components/class-fields';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { useBranches } from '../../../lib/get-branches';
import { PASSWORD_HINT } from '../utils/password-hint';
import { InstitutionEmailField } from './institution-email-field';

/** Every value a <select> or text box gives back is a string; the server converts semester. */
export interface SignUpValues {
  name: string;
  email: string;
  course: string;
  branch: string;
  semester: string;
  role: string;
  session: string;
  password: string;
  confirmPassword: string;
}

const ADMIN_REQUEST_HINT = 'You will join as a student; an administrator reviews your request.';

/** The role asked for: student, CR (under the cap), or an admin-access request. Sign-up and finish-profile. */
export function RoleField({ registration, error, role }: { registration: UseFormRegisterReturn<'role'>; error?: string; role: string }) {
  return (
    <FormField label="Role" error={error} hint={role === 'ADMIN' ? ADMIN_REQUEST_HINT : undefined}>
      {(control) => (
        <Select {...control} {...registration}>
          {SIGN_UP_ROLES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** The sign-up fields in SPEC.md's order: name, email, course, branch, semester, role, session, passwords. */
export function SignUpFields({ form }: { form: UseFormReturn<SignUpValues> }) {
  const { register, watch, formState } = form;
  const { errors } = formState;
  const branchQuery = useBranches();
  // If the list cannot be loaded, the built-in branches keep sign-up usable.
  const branches = branchQuery.data?.branches ?? (branchQuery.isError ? DEFAULT_BRANCHES : []);
  const role = watch('role');

  return (
    <>
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoComplete="name" />}
      </FormField>
      <InstitutionEmailField registration={register('email')} error={errors.email?.message} />
      <FormField label="Course" error={errors.course?.message}>
        {(control) => (
          <Select {...control} {...register('course')}>
            {COURSES.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <ClassFields
        registration={{ branch: register('branch'), semester: register('semester'), session: register('session') }}
        errors={{ branch: errors.branch?.message, semester: errors.semester?.message, session: errors.session?.message }}
        branches={branches}
        branchPlaceholder={branchQuery.isPending ? 'Loading branches...' : 'Select branch'}
      >
        <RoleField registration={register('role')} error={errors.role?.message} role={role} />
      </ClassFields>
      <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </FormField>
    </>
  );
}
