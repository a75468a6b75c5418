import { STATUS_CODES } from 'node:http';

/** The standard reason phrase of a status ("Payload Too Large"), as Node knows them. */
export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * A stable machine-readable code for a status, for an error whose thrower gave none (a
 * library's plain Error with a statusCode): 413 -> "PAYLOAD_TOO_LARGE", 499 -> "HTTP_499".
 */
export function codeForStatus(status: number): string {
  const phrase = STATUS_CODES[status];
  return phrase ? phrase.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '') : `HTTP_${status}`;
}

/** The one error shape every error answer has; `code` is left out only on a 5xx. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  field?: string;
}

/** `{ statusCode, error, message, code, field? }`, its `error` the status's reason phrase. */
export function errorBody(status: number, message: string, details: { code?: string; field?: string } = {}): ErrorBody {
  return {
    statusCode: status,
    error: reasonPhrase(status),
    message,
    ...(details.code ? { code: details.code } : {}),
    ...(details.field ? { field: details.field } : {}),
  };
}
