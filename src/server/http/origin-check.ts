import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/account.js';
import { forbidden } from './http-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by other sites (CSRF), on top of SameSite cookies. A
 * request is same-site when its Origin is our PUBLIC_URL or the host it was sent to; browsers
 * that omit Origin still send Sec-Fetch-Site.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const foreign = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin) return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
    return request.headers['sec-fetch-site'] === 'cross-site';
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE_METHODS.has(request.method) && foreign(request)) done(forbidden(ACCOUNT_MESSAGES.foreignOrigin, { code: 'FOREIGN_ORIGIN' }));
    else done();
  });
}
