import { institutionEmailMessage, isInstitutionEmail, normaliseEmail } from '../../../shared/account.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest } from '../../http/http-error.js';
import type { AccountRepository } from './account.repository.js';
import type { MailLimit } from './mail-limit.js';
import { assertPasswordLoginOn } from './password-login.js';

/**
 * Every answer of these endpoints takes this long, whatever the address: an unknown address, a
 * verified one and one that gets a mail cannot be told apart by timing (issue 12, finding 7).
 */
export const MAIL_REQUEST_FLOOR_MS = 800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The mails an anonymous visitor can ask for: a new verification link, a password reset link.
 *
 * - The answer is the same 200 for every address, limited or not: a 429 for a limited address
 *   would tell which addresses someone is probing, so a limited request simply sends nothing.
 * - Limits per recipient address and per client address live in the database (MailLimit).
 * - The work (look-up, token, mail) starts at once and the answer is given at the floor; work
 *   that takes longer (a slow mail server) finishes after the answer instead of showing in it.
 */
export class AccountMailService {
  private readonly pending = new Set<Promise<void>>();
  private logError: (error: unknown) => void = () => undefined;

  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly limit: MailLimit,
    private readonly config: Config,
    private readonly floorMs = MAIL_REQUEST_FLOOR_MS,
  ) {}

  /** Where failures of work finished after the answer are reported (the app's logger). */
  reportErrorsTo(log: (error: unknown) => void): void {
    this.logError = log;
  }

  /** `onError` hears of a failure after the answer (the request's logger, so the line keeps its id). */
  async resendVerification(rawEmail: string, ip: string, onError?: (error: unknown) => void): Promise<void> {
    const email = normaliseEmail(rawEmail);
    await this.answerAtFloor(onError, async () => {
      // No account can have another domain's address; such a request costs nothing and sends nothing.
      if (!isInstitutionEmail(email, this.config.public.institutionEmailDomain)) return;
      if (!(await this.limit.allow('verify', email, ip))) return;
      const user = await this.accounts.findByEmail(email);
      if (user && !user.emailVerified) await this.auth.api.sendVerificationEmail({ body: { email } });
    });
  }

  async requestPasswordReset(rawEmail: string, ip: string, onError?: (error: unknown) => void): Promise<void> {
    assertPasswordLoginOn(this.config);
    const email = normaliseEmail(rawEmail);
    // A malformed address is refused at once: its format says nothing about who has an account.
    if (!isInstitutionEmail(email, this.config.public.institutionEmailDomain))
      throw badRequest(institutionEmailMessage(this.config.public.institutionName), { field: 'email' });
    await this.answerAtFloor(onError, async () => {
      if (!(await this.limit.allow('reset', email, ip))) return;
      await this.auth.api.requestPasswordReset({ body: { email } });
      const user = await this.accounts.findByEmail(email);
      if (user) await this.accounts.retireOlderResetTokens(user.id);
    });
  }

  /** Resolves when work still running after its answer has finished (before the database closes). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async answerAtFloor(onError: ((error: unknown) => void) | undefined, work: () => Promise<void>): Promise<void> {
    const job = work().catch((error: unknown) => (onError ?? this.logError)(error));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    await sleep(this.floorMs);
  }
}
