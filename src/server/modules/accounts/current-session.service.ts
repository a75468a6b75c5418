import { SessionTokenReader, type SessionCookies } from '../../auth/session-token.js';
import type { Auth } from '../../auth/auth.js';
import type { AccountRepository } from './account.repository.js';
import { toSessionUser } from './account.service.js';
import { SessionLookup, type CurrentSession, type SessionProfile } from './session-lookup.js';

/**
 * The signed-in user behind a request's session cookie, for the session hook (auth/session.ts,
 * wired in app.ts). Signing in and out is AccountService's; this only reads.
 */
export class CurrentSessionService {
  private readonly sessionTokens: SessionTokenReader;
  private readonly sessions: SessionLookup;

  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
  ) {
    this.sessionTokens = new SessionTokenReader(auth);
    this.sessions = new SessionLookup(accounts);
  }

  /** Forgets remembered sessions: see SessionLookup.forget. */
  forget(): void {
    this.sessions.forget();
  }

  /**
   * The signed-in user, as current as the database (so a role change or a deletion counts at
   * once). The common case is one indexed query, or none while nothing was written
   * (session-lookup.ts); expired sessions and sessions due for renewal go through better-auth,
   * which cleans up or extends them. Its cookies (a new expiry, or the removal of a dead session)
   * come back in `setCookies` for the reply, so the browser's cookie lives as long as the session.
   * `writeVersion` (Db.writeVersion, taken before this request read anything) lets the lookup be
   * answered again while nothing was written; undefined reads every time.
   */
  async currentSession(cookie: string | undefined, headers: () => Headers, writeVersion?: string): Promise<CurrentSession> {
    const cookies = await this.sessionTokens.read(cookie ?? null);
    if (cookies.kind === 'none') return { user: null, setCookies: [] };
    if (cookies.kind === 'token') {
      const current = this.currentFrom(cookies, (await this.sessions.find(cookies.token, writeVersion)) ?? null);
      if (current) return current;
    }
    const { headers: replyHeaders, response: session } = await this.auth.api.getSession({ headers: headers(), returnHeaders: true });
    const setCookies = replyHeaders.getSetCookie();
    if (!session) return { user: null, setCookies };
    const profile = await this.accounts.findById(session.user.id);
    return { user: profile ? toSessionUser(profile) : null, setCookies };
  }

  /**
   * currentSession() from what is remembered, without a promise (one per request costs more than
   * the lookup while better-auth keeps an AsyncLocalStorage enabled: decision 025); undefined
   * when something must be read or better-auth asked (then call currentSession).
   */
  currentSessionNow(cookie: string | undefined, writeVersion: string | undefined): CurrentSession | undefined {
    const cookies = this.sessionTokens.readNow(cookie ?? null);
    if (cookies?.kind === 'none') return { user: null, setCookies: [] };
    if (cookies?.kind !== 'token') return undefined;
    const found = this.sessions.findRemembered(cookies.token, writeVersion);
    return found === undefined ? undefined : this.currentFrom(cookies, found);
  }

  /** The answer for a session found (or known absent, null), unless it is expired or due for renewal: better-auth's part. */
  private currentFrom(cookies: SessionCookies & { kind: 'token' }, found: SessionProfile | null): CurrentSession | undefined {
    if (!found) return { user: null, setCookies: [] };
    const expiresAt = found.sessionExpiresAt.getTime();
    const now = Date.now();
    const dueForRenewal = cookies.rememberMe && expiresAt - cookies.expiresInMs + cookies.updateAgeMs <= now;
    if (expiresAt <= now || dueForRenewal) return undefined;
    return { user: toSessionUser(found), setCookies: [] };
  }
}
