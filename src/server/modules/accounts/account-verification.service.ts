import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES, normaliseEmail } from '../../../shared/account.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest } from '../../http/http-error.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AccountRepository } from './account.repository.js';
import { ticketInCookies, type SignUpTickets } from './sign-up-ticket.js';
import { systemClock, type Clock } from '../../system/clock.js';

/** What opening a verification link did. */
export interface VerifyOutcome {
  /** A CR sign-up whose class filled up while the mail was unread: the account is a student's. */
  crSeatsTaken: boolean;
  /** Opened outside the browser that signed up: the sign-up's password was replaced and a reset link mailed. */
  passwordReset: boolean;
}

/** The browser of the verification under way, for the hook better-auth runs inside it. */
interface VerifyingBrowser {
  ticket: string | undefined;
  passwordReset: boolean;
}

/** The address a verification token was issued for; better-auth has checked its signature by then. */
function emailInToken(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' ? normaliseEmail(payload.email) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * E-mail verification and what hangs on it: a CR sign-up's seat is taken at verification, and
 * accounts never verified expire.
 */
export class AccountVerificationService {
  private readonly verifying = new AsyncLocalStorage<VerifyingBrowser>();

  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: Config,
    private readonly tickets: SignUpTickets,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * better-auth's beforeEmailVerification hook: the token is valid and the address not yet marked
   * verified. Outside the browser that signed up, the password chosen there is replaced by a
   * random one now, before the account can be logged into (decision 032).
   */
  async beforeVerified(user: { id: string }): Promise<void> {
    const browser = this.verifying.getStore();
    if (!browser) return;
    if (!(await this.tickets.matches(user.id, browser.ticket))) {
      const context = await this.auth.$context;
      await context.internalAdapter.updatePassword(user.id, await context.password.hash(randomBytes(32).toString('base64url')));
      await context.internalAdapter.deleteUserSessions(user.id);
      browser.passwordReset = true;
    }
    await this.tickets.forget(user.id);
  }

  /**
   * Marks the address verified, then settles a CR sign-up's claim: the seat is taken now,
   * atomically under the cap. If the class filled up meanwhile the account stays a verified
   * STUDENT account, and the outcome says so (DESIGN.md: seats are never held by unverified
   * accounts).
   */
  async verifyEmail(token: string, cookieHeader: string | undefined): Promise<VerifyOutcome> {
    const browser: VerifyingBrowser = { ticket: ticketInCookies(cookieHeader), passwordReset: false };
    try {
      await this.verifying.run(browser, () => this.auth.api.verifyEmail({ query: { token } }));
    } catch (error) {
      if (error instanceof APIError) throw badRequest(ACCOUNT_MESSAGES.verifyLinkInvalid, { code: 'INVALID_TOKEN' });
      throw error;
    }
    const email = emailInToken(token);
    // The owner of the address chooses the password; their mail goes out like a forgot-password one.
    const passwordReset = browser.passwordReset;
    const user = email ? await this.accounts.findByEmail(email) : undefined;
    if (passwordReset && user) {
      await this.auth.api.requestPasswordReset({ body: { email: user.email } });
      await this.accounts.retireOlderResetTokens(user.id);
    }
    if (!user?.emailVerified || user.semester === null) return { crSeatsTaken: false, passwordReset };
    const semester = user.semester;
    const granted = await this.unitOfWork(async (tx) => {
      const accounts = new AccountRepository(tx);
      if (!(await accounts.takeClaim(user.id))) return true;
      const at = this.clock().toISOString();
      if (!(await accounts.claimSeat(user.branch, semester, user.id, this.config.maxCrsPerClass, at))) return false;
      await accounts.setRole(user.id, 'CR', at);
      return true;
    });
    return { crSeatsTaken: !granted, passwordReset };
  }

  /**
   * Deletes accounts whose e-mail is still unverified UNVERIFIED_ACCOUNT_TTL_HOURS after sign-up,
   * with everything they own (credentials, claim, admin request). Returns how many went.
   */
  async removeExpiredUnverified(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.config.unverifiedAccountTtlHours * 60 * 60_000);
    let removed = 0;
    for (;;) {
      const ids = await this.accounts.findUnverifiedCreatedBefore(cutoff, 100);
      for (const id of ids) {
        // Re-checked inside the transaction: a link opened a moment ago keeps its account.
        const gone = await this.unitOfWork(async (tx) => {
          const accounts = new AccountRepository(tx);
          return (await accounts.findById(id))?.emailVerified === false ? accounts.deleteUserRows(id) : false;
        });
        if (gone) removed++;
      }
      if (ids.length < 100) return removed;
    }
  }
}
