import { APIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES, normaliseEmail } from '../../../shared/account.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest } from '../../http/http-error.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AccountRepository } from './account.repository.js';

/** What opening a verification link did. */
export type VerifyOutcome = 'verified' | 'verified-cr-seats-taken';

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
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: Config,
  ) {}

  /**
   * Marks the address verified, then settles a CR sign-up's claim: the seat is taken now,
   * atomically under the cap. If the class filled up meanwhile the account stays a verified
   * STUDENT account, and the outcome says so (DESIGN.md: seats are never held by unverified
   * accounts).
   */
  async verifyEmail(token: string): Promise<VerifyOutcome> {
    try {
      await this.auth.api.verifyEmail({ query: { token } });
    } catch (error) {
      if (error instanceof APIError) throw badRequest(ACCOUNT_MESSAGES.verifyLinkInvalid, { code: 'INVALID_TOKEN' });
      throw error;
    }
    const email = emailInToken(token);
    const user = email ? await this.accounts.findByEmail(email) : undefined;
    if (!user?.emailVerified || user.semester === null) return 'verified';
    const semester = user.semester;
    const granted = await this.unitOfWork(async (tx) => {
      const accounts = new AccountRepository(tx);
      if (!(await accounts.takeClaim(user.id))) return true;
      if (!(await accounts.claimSeat(user.branch, semester, user.id, this.config.maxCrsPerClass))) return false;
      await accounts.setRole(user.id, 'CR');
      return true;
    });
    return granted ? 'verified' : 'verified-cr-seats-taken';
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
