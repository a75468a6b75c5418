import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Branch } from '@shared/catalogue';
import { BranchOptions } from '../lib/branch-options';
import { SemesterOptions } from './catalogue-options';
import { cn } from './ui/cn';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { Select } from './ui/select';

type ClassField = 'branch' | 'semester' | 'session';

interface ClassFieldsProps {
  /** react-hook-form's register() of each field. */
  registration: { [K in ClassField]: UseFormRegisterReturn<K> };
  errors: Partial<Record<ClassField, string | undefined>>;
  branches: readonly Branch[];
  /** The branch select's placeholder while nothing is chosen ("Loading branches..."). */
  branchPlaceholder?: string;
  /** Admins may leave their class empty: "(optional)" labels and a "No branch" choice. */
  optional?: boolean;
  /** Branch and semester side by side (the account page) rather than one under the other. */
  sideBySide?: boolean;
  sessionHint?: string;
  sessionMaxLength?: number;
  /** Shown between the semester and the session (the role at sign-up, the CR note on the account page). */
  children?: ReactNode;
}

/**
 * A student's class, as sign-up asks it and the account page edits it: branch, semester and
 * academic session (the batch, e.g. 2023-24).
 */
export function ClassFields({
  registration,
  errors,
  branches,
  branchPlaceholder = 'Select branch',
  optional = false,
  sideBySide = false,
  sessionHint,
  sessionMaxLength,
  children,
}: ClassFieldsProps) {
  const label = (name: string) => (optional ? `${name} (optional)` : name);
  return (
    <>
      <div className={cn(sideBySide ? 'grid gap-5 sm:grid-cols-2' : 'space-y-5')}>
        <FormField label={label('Branch')} error={errors.branch}>
          {(control) => (
            <Select {...control} {...registration.branch} placeholder={optional ? undefined : branchPlaceholder}>
              {optional ? <option value="">No branch</option> : null}
              <BranchOptions branches={branches} />
            </Select>
          )}
        </FormField>
        <FormField label={label('Semester')} error={errors.semester}>
          {(control) => (
            <Select {...control} {...registration.semester} placeholder={optional ? undefined : 'Select semester'}>
              {optional ? <option value="">No semester</option> : null}
              <SemesterOptions />
            </Select>
          )}
        </FormField>
      </div>
      {children}
      <FormField label={label('Session')} error={errors.session} hint={sessionHint}>
        {(control) => <Input {...control} {...registration.session} autoComplete="off" placeholder="2023-24" maxLength={sessionMaxLength} />}
      </FormField>
    </>
  );
}
