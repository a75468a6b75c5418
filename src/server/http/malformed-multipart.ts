/**
 * Errors the multipart parser (busboy) throws for a body it cannot read: no boundary in the
 * Content-Type, a part cut off in its headers, a body that ends early. They carry no status, so
 * without this they would answer 500 although the client sent the broken body.
 */
const MALFORMED = [/^Multipart: /, /^Unexpected end of (form|multipart data)/, /^Malformed part header/, /^Part terminated early/];

export const MALFORMED_MULTIPART_MESSAGE = 'The upload could not be read: the form data is malformed. Please try again.';

export function isMalformedMultipart(error: { message?: string; statusCode?: number }): boolean {
  return error.statusCode === undefined && MALFORMED.some((pattern) => pattern.test(error.message ?? ''));
}
