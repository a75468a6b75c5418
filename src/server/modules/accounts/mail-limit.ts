import type { RateLimiter, RateLimitRule } from './rate-limiter.js';

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
    const address = await this.limiter.take(`mail:${kind}:${email}`, this.rules.address);
    if (!('held' in address)) return false;
    const client = await this.limiter.take(`mail:ip:${ip}`, this.rules.client);
    if ('held' in client) return true;
    // The client is over its limit: the recipient's own allowance stays unspent.
    await this.limiter.release(address.held);
    return false;
  }
}
