import type { z } from '@shared/zod';

/**
 * The first message per field of a failed parse. Zod reports issues in the schema's order, which
 * is the order SPEC.md checks a form's fields in, so each field shows the rule it fails first.
 */
export function firstErrorPerField<K extends string>(error: z.core.$ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) errors[issue.path[0] as K] ??= issue.message;
  return errors;
}
