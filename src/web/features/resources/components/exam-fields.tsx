import { EXAM_MONTHS } from '@shared/exam-fields';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { publicConfig } from '../../../lib/public-config';

type ExamField = 'exam' | 'examMonth' | 'examYear';

interface ExamFieldsProps {
  bind: (name: ExamField) => { name: string; value: string; disabled: boolean; onChange: (event: { target: { value: string } }) => void };
  errors: Partial<Record<ExamField, string>>;
}

/** Years an exam may have been sat in, newest first: this year back to the institution's first. */
export function examYears(now = new Date()): number[] {
  const last = now.getUTCFullYear();
  return Array.from({ length: Math.max(1, last - publicConfig.firstAcademicYear + 1) }, (_, i) => last - i);
}

/** A past paper's exam, month and year (issue 34): each optional, "Not known" being empty. */
export function ExamFields({ bind, errors }: ExamFieldsProps) {
  const select = (name: ExamField, label: string, options: Array<{ value: string | number; name: string | number }>) => (
    <FormField label={label} error={errors[name]}>
      {(control) => (
        <Select {...control} {...bind(name)}>
          <option value="">Not known</option>
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.name}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
  return (
    <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-3">
      <legend className="sr-only">Exam of this paper</legend>
      {select('exam', 'Exam', publicConfig.exams.map((exam) => ({ value: exam, name: exam })))}
      {select('examMonth', 'Exam month', EXAM_MONTHS)}
      {select('examYear', 'Exam year', examYears().map((year) => ({ value: year, name: year })))}
    </fieldset>
  );
}
