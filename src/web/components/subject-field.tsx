import { useEffect, useRef, useState } from 'react';
import { useSubjects } from '../lib/get-subjects';
import { cn } from './ui/cn';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { Select } from './ui/select';

/** The subject select's last option: a subject the catalogue lacks, typed by hand. */
const OTHER = '__other__';

interface SubjectFieldProps {
  branch: string;
  semester: string;
  value: string;
  error?: string;
  disabled?: boolean;
  /** On both fields (the select and, after "Another subject...", the name box). */
  className?: string;
  /** On the name box only, e.g. to span the grid's width. */
  nameClassName?: string;
  onChange: (subject: string) => void;
}

/**
 * The subject, chosen from the catalogue of the chosen class so names do not drift ("DS",
 * "Data Structure"), or "Another subject..." to type one. Used by the upload and the request
 * forms. A subject given from the start (a link's pre-filled request) shows in the name box, and
 * moves to the select once the catalogue turns out to know it (in any case).
 */
export function SubjectField({ branch, semester, value, error, disabled, className, nameClassName, onChange }: SubjectFieldProps) {
  const subjects = useSubjects(branch || undefined, Number(semester) || undefined);
  const classChosen = Boolean(branch && semester);
  const listed = subjects.data?.subjects ?? [];
  const [choice, setChoice] = useState(() => (value ? OTHER : ''));
  const prefilled = useRef(value);
  const chosenClass = useRef(`${branch}/${semester}`);

  // Another class has other subjects: a choice from the old list no longer applies.
  useEffect(() => {
    if (chosenClass.current === `${branch}/${semester}`) return;
    chosenClass.current = `${branch}/${semester}`;
    setChoice('');
  }, [branch, semester]);
  // The form was reset (after an upload): the select follows.
  useEffect(() => {
    if (!value && choice !== OTHER) setChoice('');
  }, [value]);
  // A pre-filled subject the catalogue knows (in any case) is picked from the list rather than typed.
  useEffect(() => {
    const given = prefilled.current.toLowerCase();
    if (!given || !subjects.data || value.toLowerCase() !== given) return;
    const known = subjects.data.subjects.find((s) => s.name.toLowerCase() === given);
    if (!known) return;
    setChoice(known.name);
    if (value !== known.name) onChange(known.name);
  }, [subjects.data]);

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
        <FormField label="Subject name" error={error} className={cn(className, nameClassName)}>
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
