import type { RateLimiter, RateLimitHold, RateLimitResult, RateLimitRule } from './rate-limiter.js';

export type MailKind = 'verify' | 'reset';

/**
 * How many account mails a visitor can cause: per recipient address and kind, and per client
 * address over both kinds. The hits are taken whether or not the address has an account, so
 * the limit itself reveals nothing.
 */
export class MailLimit {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: { address: RateLimitRule; client: RateLimitRule },
  ) {}

  /** True when one more mail of this kind to `email`, asked for from `ip`, is allowed (and counts it). */
  async allow(kind: MailKind, email: string, ip: string): Promise<boolean> {
    // The client first: a client over its limit creates no rows for the addresses it names.
    const client = await this.limiter.take(`mail:ip:${ip}`, this.rules.client);
    if (!('held' in client)) return false;
    const address = await this.limiter.take(`mail:${kind}:${email}`, this.rules.address);
    if ('held' in address) return true;
    // The address is at its limit: nothing is sent, so the client's hit is given back.
    await this.limiter.release(client.held);
    return false;
  }

  /**
   * One sign-up's verification mail, counted in the client address's budget (the same 20 an hour
   * resend and forgot-password share), before the account is made (decision 032).
   */
  async takeSignUp(ip: string): Promise<RateLimitResult> {
    return this.limiter.take(`mail:ip:${ip}`, this.rules.client);
  }

  /** A sign-up refused after its hit was taken made no account and sent nothing. */
  async giveBack(hold: RateLimitHold): Promise<void> {
    await this.limiter.release(hold);
  }
}
