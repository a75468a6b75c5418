import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../shared/account.js';
import { ADMIN_MESSAGES } from '../../shared/admin.js';
import { SSO_MESSAGES } from '../../shared/sso.js';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor.js';
import { can, type Permission } from '../../shared/permissions.js';
import { forbidden, unauthorized } from '../http/http-error.js';
import { noStore } from '../http/no-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user for this request, or null. Loaded before every /api handler. */
    user: SessionUser | null;
  }
}

export const requestHeaders = (request: FastifyRequest) => fromNodeHeaders(request.headers);

type CurrentSession = { user: SessionUser | null; setCookies: string[] };

/** Where the hook finds a request's session: CurrentSessionService. */
export type SessionSource = (headers: Headers) => Promise<CurrentSession>;

/**
 * Loads `request.user` for API requests (CurrentSessionService: one better-auth lookup). Cookies
 * the session store hands back (a renewed expiry) go out with this reply.
 */
export function registerSession(app: FastifyInstance, load: SessionSource): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const { user, setCookies } = await load(requestHeaders(request));
    request.user = user;
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    // A provider sign-in's profile comes first (decision 052): only these answer until it is
    // done; every permission then applies as for anyone.
    if (user?.profilePending && !PENDING_PROFILE_APIS.some((prefix) => request.url.startsWith(prefix)))
      throw forbidden(SSO_MESSAGES.profilePending, { code: 'PROFILE_INCOMPLETE' });
    // A role that must use two-factor sign-in sets it up before anything else (decision 055):
    // CurrentSessionService asks the policy, this only keeps the door.
    if (user?.twoFactorSetupRequired && !TWO_FACTOR_SETUP_APIS.some((prefix) => `${request.url}/`.startsWith(prefix)))
      throw forbidden(TWO_FACTOR_MESSAGES.setupRequired, { code: 'TWO_FACTOR_SETUP_REQUIRED' });
  });
}

/** What a signed-in user whose profile is unfinished may call: me, logout, finish-profile, the branch list. */
const PENDING_PROFILE_APIS = ['/api/auth/', '/api/catalogue/'];

/**
 * What a user who owes two-factor set-up may call: me, logout, account settings (the set-up
 * itself, password, sessions, profile) and the branch list the account page shows.
 */
const TWO_FACTOR_SETUP_APIS = ['/api/auth/', '/api/account/', '/api/account?', '/api/catalogue/'];

/** preHandler: 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(ACCOUNT_MESSAGES.loginRequired);
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
  // A callback hook: it runs on every request of its routes, and a promise would cost more than the check.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!request.user) done(unauthorized(signedOutMessage));
    else if (!can(request.user.role, permission)) done(forbidden(message));
    else done();
  };
}

/**
 * Makes every route of the calling plugin an administrator's page: 401 signed out, 403 with
 * SPEC.md's "access denied" for a role without `permission`, and no answer kept by a cache.
 */
export function restrictToAdmins(app: FastifyInstance, permission: Permission): void {
  app.addHook('preHandler', requirePermission(permission, ADMIN_MESSAGES.accessDenied));
  app.addHook('onSend', noStore);
}
