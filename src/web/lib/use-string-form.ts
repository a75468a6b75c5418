import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';

/**
 * A react-hook-form form of string fields bound as controlled props (`bind`), for forms whose
 * controls are selects and custom pickers: every value a string as the controls give it back,
 * one error per field (the resolver's first for it, or the server's). Checked on submit; editing
 * a field clears its error until the next submit.
 */
export function useStringForm<V extends { [K in keyof V]: string } & FieldValues, Out>(
  initial: V | (() => V),
  resolver: Resolver<V, unknown, Out>,
  disabled = false,
) {
  const [defaultValues] = useState(initial);
  const form = useForm<V, unknown, Out>({ resolver, defaultValues: defaultValues as DefaultValues<V>, reValidateMode: 'onSubmit' });
  const values = form.watch() as V;
  const errors: Partial<Record<keyof V, string>> = {};
  for (const [name, error] of Object.entries(form.formState.errors)) errors[name as keyof V] = error?.message as string | undefined;

  const set = (name: keyof V & string, value: string) => {
    form.setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
    form.clearErrors(name as Path<V>);
  };

  /** Props binding a control to one field. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    disabled,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  /** Shows the server's message under its field, alone (as a failed submit would). */
  const showServerError = (name: keyof V & string, message: string) => {
    form.clearErrors();
    form.setError(name as Path<V>, { type: 'server', message });
  };

  return { form, values, errors, set, bind, showServerError, disabled };
}
