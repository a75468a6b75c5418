import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Branch } from '@shared/catalogue';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { AcademicYearOptions, CourseOptions, ResourceTypeOptions, SemesterOptions } from './catalogue-options';
import type { FilterValues } from '../hooks/use-resource-filters';
import { BranchOptions } from '../../../lib/branch-options';

interface FilterFormProps {
  initial: FilterValues;
  branches: readonly Branch[];
  busy: boolean;
  onSubmit: (values: FilterValues) => void;
}

/**
 * SPEC.md's five fields in its order, each also allowing "Any" (DESIGN.md §1), plus a sort order
 * and a subject search. Two columns even on a phone, so the results start on the first screen;
 * the branch gets a double column on desktop for its full name. The parent re-mounts it (key)
 * when the address changes.
 */
export function FilterForm({ initial, branches, busy, onSubmit }: FilterFormProps) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof FilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values, q: values.q.trim() });
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Filter resources" className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-6">
      <FormField label="Course">
        {(control) => (
          <Select {...control} value={values.course} onChange={set('course')}>
            <CourseOptions />
            <option value="">Any course</option>
          </Select>
        )}
      </FormField>
      <FormField label="Branch" className="lg:col-span-2">
        {(control) => (
          <Select {...control} value={values.branch} onChange={set('branch')}>
            <option value="">Any branch</option>
            <BranchOptions branches={branches} />
          </Select>
        )}
      </FormField>
      <FormField label="Resource Type">
        {(control) => (
          <Select {...control} value={values.resourceType} onChange={set('resourceType')}>
            <option value="">Any type</option>
            <ResourceTypeOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Academic Year">
        {(control) => (
          <Select {...control} value={values.academicYear} onChange={set('academicYear')}>
            <option value="">Any year</option>
            <AcademicYearOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Semester">
        {(control) => (
          <Select {...control} value={values.semester} onChange={set('semester')}>
            <option value="">Any semester</option>
            <SemesterOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Sort by">
        {(control) => (
          <Select {...control} value={values.sort} onChange={set('sort')}>
            <option value="newest">Newest first</option>
            <option value="downloads">Most downloaded</option>
          </Select>
        )}
      </FormField>
      <FormField label="Search subjects" className="col-span-2 lg:col-span-3">
        {(control) => (
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              {...control}
              type="search"
              value={values.q}
              onChange={set('q')}
              placeholder="e.g. data structures"
              maxLength={100}
              enterKeyHint="search"
              className="pl-9"
            />
          </div>
        )}
      </FormField>
      <div className="col-span-2 flex items-end">
        <Button type="submit" disabled={busy} className="w-full min-h-11">
          {busy ? 'Filtering...' : 'Filter Resources'}
        </Button>
      </div>
    </form>
  );
}
