import { NUL } from '../../shared/control-characters.js';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.js';

const INVALID_CHARACTERS_MESSAGE = 'The request contains an invalid character (a NUL byte). Please remove it and try again.';

/** True when any string (or object key) inside `value` holds a NUL, which no text column can store. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // Bytes (a raw body) are not text: their NULs are data.
  if (depth > 32 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/** Throws the 400 every route gives for a NUL in what the client sent. */
export function refuseNul(value: unknown): void {
  if (containsNul(value)) throw invalidCharacters();
}

const invalidCharacters = () => badRequest(INVALID_CHARACTERS_MESSAGE, { code: 'INVALID_CHARACTERS' });

/**
 * One place for every route: PostgreSQL refuses NUL in text ("invalid byte sequence"), which
 * would surface as a 500, and no field of ours has a use for it. Checked before the route's own
 * validation; multipart fields are read by the routes themselves and checked there (refuseNul).
 */
export function registerInvalidCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = [request.params, request.query, request.body].some((value) => containsNul(value));
    done(refused ? invalidCharacters() : undefined);
  });
}
