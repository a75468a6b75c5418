import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/messages.js';
import { isDatabaseFull, isDatabaseUnavailable } from '../db/database.js';
import { isStorageFull, isStorageUnavailable } from '../storage/file-store.js';
import { badRequest, HttpError, STORAGE_FULL_MESSAGE } from './http-error.js';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from './malformed-multipart.js';
import { codeForStatus, errorBody, reasonPhrase } from './status-text.js';
import { invalidInput } from './validation.js';

const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable right now. Please try again in a moment.';
const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';

/** Maps errors to the shared error shape; never leaks stack traces or SQL to the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = hasZodFastifySchemaValidationErrors(error) ? schemaFailure(error) : error;
    if (refusal instanceof HttpError) {
      return reply
        .code(refusal.statusCode)
        .headers(refusal.headers)
        .send({
          ...errorBody(refusal.statusCode, refusal.message || reasonPhrase(refusal.statusCode), {
            code: refusal.code || codeForStatus(refusal.statusCode),
            field: refusal.field,
          }),
          ...refusal.extra,
        });
    }
    if (isStorageFull(error) || isDatabaseFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return reply.code(507).send(errorBody(507, STORAGE_FULL_MESSAGE, { code: 'STORAGE_FULL' }));
    }
    // Before the database: a store's connection reset carries the same network codes.
    const unavailable = isStorageUnavailable(error)
      ? { what: 'storage', code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE }
      : isDatabaseUnavailable(error)
        ? { what: 'database', code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE }
        : undefined;
    if (unavailable) {
      request.log.warn({ err: error }, `${unavailable.what} unavailable`);
      return reply.code(503).header('retry-after', '5').send(errorBody(503, unavailable.message, { code: unavailable.code }));
    }
    if (isMalformedMultipart(error)) {
      return reply.code(400).send(errorBody(400, MALFORMED_MULTIPART_MESSAGE, { code: 'MALFORMED_MULTIPART' }));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(errorBody(status, MESSAGES.internalError));
    }
    // A library's error may carry no code (or no message): the shape promises both, so the
    // status supplies them ("PAYLOAD_TOO_LARGE"); a library's own code, when it has one, is kept.
    return reply.code(status).send(
      errorBody(status, typeof error.message === 'string' && error.message ? error.message : reasonPhrase(status), {
        code: typeof error.code === 'string' && error.code ? error.code : codeForStatus(status),
      }),
    );
  });
}

/**
 * A request that failed its route's schema is refused like a service refuses a field: the first
 * issue's message, its path as `field`, code VALIDATION_FAILED. A query or path parameter has
 * no form field to show the message beside, so there the message also names the parameter.
 */
function schemaFailure(error: FastifyError & { validation: ZodFastifySchemaValidationError[] }): HttpError {
  const issue = error.validation[0]!;
  const path = issue.instancePath.split('/').filter(Boolean);
  const refusal = invalidInput({ message: issue.message, path });
  if (error.validationContext === 'body' || !refusal.field) return refusal;
  return badRequest(`${refusal.field}: ${refusal.message}`, { field: refusal.field });
}

