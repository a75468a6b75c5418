import { useBranches } from '../lib/get-branches';
import { BranchOptions } from '../lib/branch-options';
import { AcademicYearOptions, CourseOptions, SemesterOptions } from './catalogue-options';
import { SubjectField } from './subject-field';
import { FormField } from './ui/form-field';
import { Select } from './ui/select';

type SelectField = 'course' | 'branch' | 'semester' | 'academicYear';

/** What the fields need of the form's state (useClassSubjectForm gives it). */
interface ClassSubjectForm {
  values: Record<'branch' | 'semester' | 'subject', string>;
  errors: Partial<Record<SelectField | 'subject', string>>;
  disabled: boolean;
  /** Props binding a select to its field (name, value, disabled, onChange). */
  bind: (name: SelectField) => { name: string; value: string; disabled: boolean; onChange: (event: { target: { value: string } }) => void };
  set: (name: 'subject', value: string) => void;
}

interface ClassSubjectFieldsProps {
  form: ClassSubjectForm;
  /** On every field, e.g. "hidden" where a request fixes them. */
  className?: string;
  /** On the typed subject's name box only, e.g. to span the form's grid. */
  subjectNameClassName?: string;
}

/**
 * Course, branch, semester and subject: which class a resource is for, as the upload and the
 * request forms ask it (the subject from the chosen class's catalogue). Cells of the form's grid.
 */
export function ClassSubjectFields({ form, className, subjectNameClassName }: ClassSubjectFieldsProps) {
  const { values, errors, bind } = form;
  const branches = useBranches();
  return (
    <>
      <FormField label="Course" className={className} error={errors.course}>
        {(control) => (
          <Select {...control} {...bind('course')}>
            <CourseOptions />
          </Select>
        )}
      </FormField>
      <FormField label="Branch" className={className} error={errors.branch}>
        {(control) => (
          <Select {...control} {...bind('branch')} placeholder="Select branch">
            <BranchOptions branches={branches.data?.branches ?? []} />
          </Select>
        )}
      </FormField>
      <FormField label="Semester" className={className} error={errors.semester}>
        {(control) => (
          <Select {...control} {...bind('semester')} placeholder="Select semester">
            <SemesterOptions />
          </Select>
        )}
      </FormField>
      <SubjectField
        branch={values.branch}
        semester={values.semester}
        value={values.subject}
        error={errors.subject}
        disabled={form.disabled}
        className={className}
        nameClassName={subjectNameClassName}
        onChange={(subject) => form.set('subject', subject)}
      />
    </>
  );
}

/** The academic year the resource is from, among the years offered today. */
export function AcademicYearField({ form, className, years }: { form: ClassSubjectForm; className?: string; years?: string[] }) {
  return (
    <FormField label="Academic Year" className={className} error={form.errors.academicYear}>
      {(control) => (
        <Select {...control} {...form.bind('academicYear')} placeholder="Select academic year">
          <AcademicYearOptions years={years} />
        </Select>
      )}
    </FormField>
  );
}
