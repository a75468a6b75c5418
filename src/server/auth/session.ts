import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../shared/account.js';
import { ADMIN_MESSAGES } from '../../shared/admin.js';
import { can, type Permission } from '../../shared/permissions.js';
import { forbidden, unauthorized } from '../http/http-error.js';
import { noStore } from '../http/no-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user for this request, or null. Loaded before every /api handler. */
    user: SessionUser | null;
    /**
     * Db.writeVersion() as this /api request began, before its session or anything else was read:
     * what its memos (WriteVersionMemo) compare with, read once instead of once per memo.
     */
    writeVersion: string | undefined;
  }
}

type CurrentSession = { user: SessionUser | null; setCookies: string[] };

/** Where the hook finds a request's session (CurrentSessionService) and the database's write version (Db). */
export interface SessionSource {
  /** The Cookie header, all headers (made only when the session store must be asked), and request.writeVersion. */
  load(cookie: string | undefined, headers: () => Headers, writeVersion: string | undefined): Promise<CurrentSession>;
  /** load() from what is remembered, without waiting; undefined when load() must read. */
  loadNow(cookie: string | undefined, writeVersion: string | undefined): CurrentSession | undefined;
  writeVersion(): Promise<string | undefined>;
  /** writeVersion() when known without waiting, else null. */
  writeVersionNow(): string | undefined | null;
}

/**
 * Loads `request.user` for API requests, as current as the database (accounts/session-lookup.ts),
 * after taking `request.writeVersion` (Db.writeVersion). Cookies the session store hands back (a
 * renewed expiry) go out with this reply. A callback hook with a path that makes no promise:
 * most requests find their version and session at hand, and while better-auth keeps an
 * AsyncLocalStorage enabled every promise costs more than that lookup (decision 025).
 */
export function registerSession(app: FastifyInstance, source: SessionSource): void {
  app.decorateRequest('user', null);
  app.decorateRequest('writeVersion', undefined);
  const settle = (request: FastifyRequest, reply: FastifyReply, version: string | undefined, { user, setCookies }: CurrentSession) => {
    request.writeVersion = version;
    request.user = user;
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
  };
  const load = async (request: FastifyRequest, reply: FastifyReply) => {
    // Taken before anything is read (a write meanwhile only makes later reads look older: see WriteVersionMemo).
    const version = await source.writeVersion();
    settle(request, reply, version, await source.load(request.headers.cookie, () => fromNodeHeaders(request.headers), version));
  };
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const version = source.writeVersionNow();
    const known = version === null ? undefined : source.loadNow(request.headers.cookie, version);
    if (version !== null && known) {
      settle(request, reply, version, known);
      return done();
    }
    load(request, reply).then(() => done(), done);
  });
}

export const requestHeaders = (request: FastifyRequest) => fromNodeHeaders(request.headers);

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
