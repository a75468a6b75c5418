import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../shared/account.js';
import { can, type Permission } from '../../shared/permissions.js';
import { HttpError } from '../http/http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user for this request, or null. Loaded before every /api handler. */
    user: SessionUser | null;
  }
}

export type LoadUser = (headers: Headers) => Promise<SessionUser | null>;

/** Loads `request.user` for API requests; the lookup hits the database each time on purpose. */
export function registerSession(app: FastifyInstance, loadUser: LoadUser): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.user = await loadUser(fromNodeHeaders(request.headers));
  });
}

export const requestHeaders = (request: FastifyRequest) => fromNodeHeaders(request.headers);

/** preHandler: 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new HttpError(401, ACCOUNT_MESSAGES.loginRequired, 'UNAUTHENTICATED');
}

/**
 * preHandler factory: 401 when signed out, 403 when the role lacks the permission; each with
 * the sentence the screen shows (SPEC.md §8 has several).
 */
export function requirePermission(
  permission: Permission,
  message: string = ACCOUNT_MESSAGES.forbidden,
  signedOutMessage: string = ACCOUNT_MESSAGES.loginRequired,
) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw new HttpError(401, signedOutMessage, 'UNAUTHENTICATED');
    if (!can(request.user.role, permission)) throw new HttpError(403, message, 'FORBIDDEN');
  };
}
