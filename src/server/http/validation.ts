import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
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

/** Query strings remembered per route, at most (all are dropped when full). */
const MAX_REMEMBERED_QUERIES = 1000;

/**
 * A route's validator compiler (the app's zod one) with each valid query string's parsed values
 * remembered: a page asked for again and again (every student of a class opens the same one)
 * then costs a lookup instead of its schema, ~6% of a remembered browse answer's CPU (decision
 * 025). Only for query schemas whose output depends on the input alone; an output holding an
 * object is never remembered, and each request gets a copy of its own. Params and body are
 * checked as on any route.
 */
export function rememberingQueryValidator<T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult {
  const validate = validatorCompiler(route as FastifyRouteSchemaDef<never>) as (data: unknown) => { value?: unknown; error?: Error };
  if (route.httpPart !== 'querystring') return validate;
  const remembered = new Map<string, object>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = remembered.get(key);
    if (known) return { value: { ...known } };
    const result = validate(data);
    if (result.error === undefined && isFlat(result.value)) {
      if (remembered.size >= MAX_REMEMBERED_QUERIES) remembered.clear();
      remembered.set(key, { ...result.value });
    }
    return result;
  };
}

const isFlat = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.values(value).every((field) => field === null || typeof field !== 'object');
