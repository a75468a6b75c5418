import type { z } from '@shared/zod';
import { apiErrorSchema } from '@shared/api/error.schema';

/**
 * An API answer with status >= 400; `message` is the server's sentence for the user, `field`
 * names the form field it is about (so a form can show it under that field).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
    /** The error's whole body as sent, for answers that say more (a near duplicate's paper). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
}

function requestBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: { accept: 'application/json' } };
  if (body instanceof FormData) return { body, headers: { accept: 'application/json' } };
  return { body: JSON.stringify(body), headers: { accept: 'application/json', 'content-type': 'application/json' } };
}

/**
 * Fetches JSON from our own API and checks it against the shared response schema, so the
 * browser never trusts a shape the server did not promise.
 */
export async function apiRequest<T extends z.ZodMiniType>(
  path: string,
  responseSchema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      ...requestBody(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('Cannot reach the server. Check your connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ApiRequestError(
      parsed.success ? parsed.data.message : `Request failed (${response.status})`,
      response.status,
      parsed.success ? parsed.data.code : undefined,
      parsed.success ? parsed.data.field : undefined,
    );
  }
  return responseSchema.parse(payload);
}

/**
 * The sentence to show for a failed call: the server's own message for the statuses a screen
 * expects (plus "cannot reach the server", which tells the user more than a generic text), the
 * screen's fallback for everything else, so a 500 never shows internals or a vague code.
 */
export function errorMessage(error: unknown, fallback: string, shownStatuses: readonly number[]): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  return error.status === 0 || shownStatuses.includes(error.status) ? error.message : fallback;
}
