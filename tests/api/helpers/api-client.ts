import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { multipartBody } from '../../support/pdf-fixture.js';

/**
 * Who sends a request: a signed-in user (anything holding a `cookie`, as `login`, `signedIn` and
 * `member` return), a Cookie header value, or nobody (undefined: a visitor).
 */
export type Caller = { cookie: string } | string | undefined;

export interface CallOptions {
  as?: Caller;
  /** Extra headers, sent after (and so over) the caller's cookie. */
  headers?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** The client address the app sees (throttling and metrics tests). */
  remoteAddress?: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A JSON body (an object), or raw bytes/text the test builds itself. */
export type Body = InjectOptions['payload'];
/** The inject response; its `json<T>()` is typed by the caller. */
export type ApiResponse = LightMyRequestResponse;

/** A file part of a multipart upload, sent under the field name "file". */
export interface UploadFile {
  name: string;
  type?: string;
  bytes: Buffer;
}

/**
 * A typed client over `app.inject` for the API tests: one line per request, the caller named by
 * `as` instead of a hand-built Cookie header. Paths are full (`/api/...`), so a test reads like the
 * request it sends. Tests that send malformed bytes or odd headers on purpose keep raw inject.
 */
export function apiClient(app: Pick<FastifyInstance, 'inject'>) {
  function request(method: Method, url: string, body?: Body, options: CallOptions = {}): Promise<ApiResponse> {
    const cookie = typeof options.as === 'string' ? options.as : options.as?.cookie;
    return app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      ...(body === undefined ? {} : { payload: body }),
      ...(options.query ? { query: options.query } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }
  return {
    request,
    get: (url: string, options?: CallOptions) => request('GET', url, undefined, options),
    delete: (url: string, options?: CallOptions) => request('DELETE', url, undefined, options),
    post: (url: string, body?: Body, options?: CallOptions) => request('POST', url, body, options),
    put: (url: string, body?: Body, options?: CallOptions) => request('PUT', url, body, options),
    patch: (url: string, body?: Body, options?: CallOptions) => request('PATCH', url, body, options),
    /** A multipart POST as the web client sends it: the text fields in order, then the file. */
    upload(url: string, fields: Record<string, string | number | undefined>, file?: UploadFile, options: CallOptions = {}) {
      const { payload, headers } = multipartBody(fields, file);
      return request('POST', url, payload, { ...options, headers: { ...headers, ...options.headers } });
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
