import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The app's security headers (@fastify/helmet): a strict CSP without unsafe-eval or inline
 * scripts, no framing, and, on an https address only, HSTS and upgrade-insecure-requests (on
 * plain http they would lock a browser out of the install). The browse bench's bare Fastify
 * (bench/lib/bare-fastify-server.mjs) registers the same, so its yardstick pays the same headers.
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
