/**
 * An error whose message is meant for the user, with the HTTP status to answer. The error
 * handler turns it into the shared error shape `{ statusCode, error, message, code, field? }`.
 * Throw one through the factories below rather than the constructor.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
    /** More of the answer's body beside the shared shape (a near duplicate's paper). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What an error says besides its message: a stable code, and the form field it is about. */
export interface ErrorDetails {
  /** Machine-readable; each factory has its own default. */
  code?: string;
  /** The form field (a zod path joined with '.') the message belongs beside. */
  field?: string;
}

/** The code a form or route-schema rule answers with: one code for every field rule. */
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

const factory =
  (statusCode: number, defaultCode: string) =>
  (message: string, details: ErrorDetails = {}): HttpError =>
    new HttpError(statusCode, message, details.code ?? defaultCode, {}, details.field);

/** 400: the input breaks a rule (a field's rule unless `code` says otherwise). */
export const badRequest = factory(400, VALIDATION_FAILED);
/** 401: not signed in, or the credentials are wrong. */
export const unauthorized = factory(401, 'UNAUTHENTICATED');
/** 403: signed in, but not allowed to do this. */
export const forbidden = factory(403, 'FORBIDDEN');
/** 404: it does not exist, or the user may not know that it does. */
export const notFound = factory(404, 'NOT_FOUND');
/** 409: the request is valid but clashes with the current state. */
export const conflict = factory(409, 'CONFLICT');
/** 413: the file is over its size limit. */
export const payloadTooLarge = factory(413, 'FILE_TOO_LARGE');
/** 415: the body is not of a type the route reads (a form without multipart). */
export const unsupportedMediaType = factory(415, 'NOT_MULTIPART');
/** 422: well-formed, but its content cannot be used (a PDF that cannot be read). */
export const unprocessable = factory(422, 'UNPROCESSABLE');

/**
 * 416: the byte range asked for starts past the file's end. Its Content-Range gives the file's
 * size in place of a range (RFC 9110 §15.5.17), so the client learns how long the file is.
 */
export function rangeNotSatisfiable(message: string, size: number): HttpError {
  return new HttpError(416, message, 'RANGE_NOT_SATISFIABLE', { 'content-range': `bytes */${size}` });
}

/** 429: too many attempts; with `retryAfterSeconds` the answer carries Retry-After. */
export function tooManyRequests(message: string, details: ErrorDetails & { retryAfterSeconds?: number } = {}): HttpError {
  const headers: Record<string, string> = details.retryAfterSeconds === undefined ? {} : { 'retry-after': String(details.retryAfterSeconds) };
  return new HttpError(429, message, details.code ?? 'TOO_MANY_REQUESTS', headers, details.field);
}

export const STORAGE_FULL_MESSAGE = 'Storage is full. Please contact the administrators.';

/** 507: no room to keep a file (the disk is full, or its reserve is reached). */
export function storageFull(): HttpError {
  return new HttpError(507, STORAGE_FULL_MESSAGE, 'STORAGE_FULL');
}
