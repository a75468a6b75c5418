import { describe, expect, it } from 'vitest';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  rangeNotSatisfiable,
  tooManyRequests,
  unauthorized,
  unprocessable,
  unsupportedMediaType,
} from './http-error.js';

describe('error factories', () => {
  it('give each status its default code, and no field unless told', () => {
    const cases: [HttpError, number, string][] = [
      [badRequest('m'), 400, 'VALIDATION_FAILED'],
      [unauthorized('m'), 401, 'UNAUTHENTICATED'],
      [forbidden('m'), 403, 'FORBIDDEN'],
      [notFound('m'), 404, 'NOT_FOUND'],
      [conflict('m'), 409, 'CONFLICT'],
      [payloadTooLarge('m'), 413, 'FILE_TOO_LARGE'],
      [unsupportedMediaType('m'), 415, 'NOT_MULTIPART'],
      [unprocessable('m'), 422, 'UNPROCESSABLE'],
      [tooManyRequests('m'), 429, 'TOO_MANY_REQUESTS'],
    ];
    for (const [error, status, code] of cases) {
      expect(error).toBeInstanceOf(HttpError);
      expect({ status: error.statusCode, code: error.code, message: error.message, field: error.field, headers: error.headers }).toEqual({
        status,
        code,
        message: 'm',
        field: undefined,
        headers: {},
      });
    }
  });

  it('take a code and the field the message is about', () => {
    const error = conflict('That address is registered', { code: 'EMAIL_REGISTERED', field: 'email' });
    expect([error.statusCode, error.code, error.field, error.message]).toEqual([409, 'EMAIL_REGISTERED', 'email', 'That address is registered']);
    expect(badRequest('Pick a semester', { field: 'semester' })).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'semester' });
  });

  it('tooManyRequests says when to come back in Retry-After', () => {
    const error = tooManyRequests('Too many attempts', { code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 90 });
    expect([error.statusCode, error.code, error.headers]).toEqual([429, 'TOO_MANY_ATTEMPTS', { 'retry-after': '90' }]);
  });

  it('rangeNotSatisfiable gives the file size in Content-Range (RFC 9110)', () => {
    const error = rangeNotSatisfiable('outside', 5000);
    expect([error.statusCode, error.code, error.headers]).toEqual([416, 'RANGE_NOT_SATISFIABLE', { 'content-range': 'bytes */5000' }]);
  });
});
