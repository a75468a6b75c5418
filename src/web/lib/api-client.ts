import type { z } from 'zod';
import { apiErrorSchema } from '@shared/api/error.schema';

/** An API answer with status >= 400; `message` is the server's sentence for the user. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Fetches JSON from our own API and checks it against the shared response schema, so the
 * browser never trusts a shape the server did not promise.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  responseSchema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
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
    );
  }
  return responseSchema.parse(payload);
}
