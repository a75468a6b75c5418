import type { Role, SessionUser } from '../../../shared/account.js';
import type { Auth } from '../../auth/auth.js';
import type { AccountRepository, UserProfileRow } from './account.repository.js';
import { toSessionUser } from './account.service.js';
import { owesTwoFactorSetup } from './two-factor.policy.js';

/** The signed-in user of a request (null: nobody), and cookies better-auth sent back for its reply. */
export interface CurrentSession {
  user: SessionUser | null;
  setCookies: string[];
}

/**
 * The signed-in user behind a request's session cookie, for the session hook (auth/session.ts,
 * wired in app.ts). Signing in and out is AccountService's; this only reads.
 */
export class CurrentSessionService {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    /** REQUIRE_2FA_FOR: roles that must set up two-factor sign-in (decision 049). */
    private readonly twoFactorRoles: readonly Role[],
  ) {}

  /**
   * The signed-in user, as current as the database: better-auth reads the session (no cookie
   * cache, auth.ts), drops an expired one and extends one due for renewal, and the profile is read
   * after it, so a role change, logout or deletion counts on the very next request. Its cookies
   * (a new expiry, or the removal of a dead session) come back in `setCookies` for the reply.
   */
  async currentSession(headers: Headers): Promise<CurrentSession> {
    if (!headers.get('cookie')) return { user: null, setCookies: [] };
    const { headers: replyHeaders, response: session } = await this.auth.api.getSession({ headers, returnHeaders: true });
    const setCookies = replyHeaders.getSetCookie();
    if (!session) return { user: null, setCookies };
    const profile = await this.accounts.findById(session.user.id);
    if (!profile) return { user: null, setCookies };
    const owes = await this.owesTwoFactorSetup(profile, session.session.signInProvider ?? null);
    return { user: { ...toSessionUser(profile), ...(owes ? { twoFactorSetupRequired: true } : {}) }, setCookies };
  }

  /** The policy's answer; the password lookup (a query) only for a session the rest says owes it. */
  private async owesTwoFactorSetup(profile: UserProfileRow, provider: string | null): Promise<boolean> {
    const owes = (hasPassword: boolean) => owesTwoFactorSetup(profile, { provider, hasPassword }, this.twoFactorRoles);
    return owes(true) && owes(await this.accounts.hasPassword(profile.id));
  }
}
