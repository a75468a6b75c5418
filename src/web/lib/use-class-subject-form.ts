import { useState } from 'react';

type ClassSubjectField = 'course' | 'branch' | 'semester' | 'subject';

/**
 * The state of a form that asks a class and a subject (upload, request): every value a string
 * as the controls give it back, and one error per field. Editing a field clears its error; a new
 * branch or semester clears the subject, since another class has other subjects.
 */
export function useClassSubjectForm<V extends Record<ClassSubjectField, string>>(initial: V | (() => V), disabled: boolean) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const set = (name: keyof V, value: string) => {
    setValues((current) => ({
      ...current,
      [name]: value,
      ...(name === 'branch' || name === 'semester' ? { subject: '' } : {}),
    }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Props binding a control to one field. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    disabled,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  return { values, setValues, errors, setErrors, set, bind, disabled };
}
