import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's security headers (@fastify/helmet): a strict CSP without unsafe-eval or inline
 * scripts, no framing, and, on an https address only, HSTS and upgrade-insecure-requests (on
 * plain http they would lock a browser out of the install). Sent by registerSecurityHeaders.
 */
export function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Sends helmetOptions(https)'s headers on every reply, exactly as `app.register(@fastify/helmet,
 * helmetOptions(https))` would (security-headers-built-once.test.ts compares them), but with
 * helmet's middleware built once per process: @fastify/helmet 13 calls `helmet(options)` again on
 * every request (checking the options and building the CSP string each time), which was a fifth of
 * a remembered browse answer's CPU (issue 15: 188 -> 151 us per request). The app uses no per-route
 * helmet options, `reply.helmet()` or CSP nonces, the plugin's only other features. The browse
 * bench's bare Fastify (bench/lib/bare-fastify-server.mjs) registers the same, so its yardstick
 * pays the same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const { enableCSPNonces: _nonces, global: _global, ...options } = helmetOptions(https);
  const setHeaders = helmet(options as HelmetOptions);
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
