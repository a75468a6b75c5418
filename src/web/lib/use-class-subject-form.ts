import type { FieldValues, Path, PathValue, Resolver } from 'react-hook-form';
import { useStringForm } from './use-string-form';

type ClassSubjectField = 'course' | 'branch' | 'semester' | 'subject';

/**
 * The form of one that asks a class and a subject (upload, request), on useStringForm: a new
 * branch or semester also clears the subject, since another class has other subjects.
 */
export function useClassSubjectForm<V extends Record<ClassSubjectField, string> & FieldValues, Out>(
  initial: V | (() => V),
  resolver: Resolver<V, unknown, Out>,
  disabled: boolean,
) {
  const fields = useStringForm(initial, resolver, disabled);
  const set = (name: keyof V & string, value: string) => {
    fields.set(name, value);
    if (name === 'branch' || name === 'semester') fields.form.setValue('subject' as Path<V>, '' as PathValue<V, Path<V>>);
  };
  const bind = (name: keyof V & string) => ({ ...fields.bind(name), onChange: (event: { target: { value: string } }) => set(name, event.target.value) });
  return { ...fields, set, bind };
}
