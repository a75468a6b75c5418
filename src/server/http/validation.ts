import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { badRequest, type HttpError } from './http-error.js';

/** The form field a zod issue is about: its path joined with '.' ('' for the input as a whole). */
export function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * The 400 of input that failed its schema, as a service would refuse it: the first issue's
 * message, on its field (none for the input as a whole), code VALIDATION_FAILED.
 */
export function invalidInput(issue: { message?: string; path: readonly PropertyKey[] } | undefined): HttpError {
  const field = fieldOf(issue?.path ?? []);
  return badRequest(issue?.message ?? 'Invalid input', field ? { field } : {});
}

/**
 * Parses input that no route schema checked (the text fields of a multipart form), refusing it
 * the way a failed route schema is refused.
 */
export function parseInput<S extends $ZodType>(schema: S, raw: unknown): output<S> {
  const parsed = safeParse(schema, raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]);
  return parsed.data;
}
