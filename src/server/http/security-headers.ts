import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's security headers (helmet): a strict CSP without unsafe-eval or inline
 * scripts, no framing, and, on an https address only, HSTS and upgrade-insecure-requests (on
 * plain http they would lock a browser out of the install). Sent by registerSecurityHeaders.
 */
export function helmetOptions(https: boolean): HelmetOptions {
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
 * Sends helmetOptions(https)'s headers on every reply with helmet's middleware built once per
 * process: the Fastify plugin (@fastify/helmet 13) builds it again on every request, checking the
 * options and the CSP each time, a cost every cached browse answer would pay.
 * The browse bench's bare Fastify (bench/lib/bare-fastify-server.mjs) registers the same.
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const setHeaders = helmet(helmetOptions(https));
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
