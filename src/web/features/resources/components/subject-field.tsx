import { useEffect, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useSubjects } from '../../../lib/get-subjects';

/** The subject select's last option: a subject the catalogue lacks, typed by hand. */
const OTHER = '__other__';

interface SubjectFieldProps {
  branch: string;
  semester: string;
  value: string;
  error?: string;
  disabled?: boolean;
  className?: string;
  onChange: (subject: string) => void;
}

/**
 * The subject, chosen from the catalogue of the chosen class so names do not drift ("DS",
 * "Data Structure"), or "Another subject..." to type one (as the request form does).
 */
export function SubjectField({ branch, semester, value, error, disabled, className, onChange }: SubjectFieldProps) {
  const subjects = useSubjects(branch || undefined, Number(semester) || undefined);
  const classChosen = Boolean(branch && semester);
  const listed = subjects.data?.subjects ?? [];
  const [choice, setChoice] = useState('');

  // Another class has other subjects: a choice from the old list no longer applies.
  useEffect(() => setChoice(''), [branch, semester]);
  // The form was reset (after an upload): the select follows.
  useEffect(() => {
    if (!value && choice !== OTHER) setChoice('');
  }, [value]);

  const choose = (next: string) => {
    setChoice(next);
    onChange(next === OTHER ? '' : next);
  };

  return (
    <>
      <FormField label="Subject" className={className} error={choice === OTHER ? undefined : error} hint={classChosen ? undefined : 'Choose a branch and a semester first.'}>
        {(control) => (
          <Select
            {...control}
            name="subjectChoice"
            value={choice}
            disabled={disabled || !classChosen || subjects.isPending}
            onChange={(event) => choose(event.target.value)}
            placeholder={classChosen && subjects.isPending ? 'Loading subjects...' : 'Select subject'}
          >
            {listed.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
            <option value={OTHER}>Another subject...</option>
          </Select>
        )}
      </FormField>
      {choice === OTHER ? (
        <FormField label="Subject name" error={error} className={className}>
          {(control) => (
            <Input
              {...control}
              name="subject"
              value={value}
              disabled={disabled}
              maxLength={80}
              autoComplete="off"
              placeholder="e.g. Digital Electronics"
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </FormField>
      ) : null}
    </>
  );
}
