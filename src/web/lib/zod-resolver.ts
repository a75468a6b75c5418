import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a shared zod schema (the contract the server validates with),
 * so a form shows the server's own messages before anything is sent: the first message per
 * field. `extra` adds checks the schema cannot make alone (they depend on the signed-in user).
 */
export function zodResolver<Values extends FieldValues>(
  schema: z.ZodType,
  extra?: (parsed: unknown) => { field: string; message: string } | null,
): Resolver<Values> {
  return (values) => {
    const parsed = schema.safeParse(values);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'root');
        errors[field] ??= { type: 'validate', message: issue.message };
      }
    } else {
      const failure = extra?.(parsed.data);
      if (failure) errors[failure.field] = { type: 'validate', message: failure.message };
    }
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<Values> };
    // The form keeps its raw values (strings from inputs); the caller sends those.
    return { values, errors: {} };
  };
}
