import { tooManyRequests, type HttpError } from '../../http/http-error.js';
import type { RateLimiter, RateLimitHold, RateLimitRule } from './rate-limiter.js';

/** The two holds one login attempt takes before its password is checked. */
export interface LoginAttempt {
  account: RateLimitHold;
  ip: RateLimitHold;
}

export const accountKey = (email: string) => `login:account:${email}`;

/**
 * Login throttling per account and per client address. Every attempt reserves a hit on both
 * BEFORE the password is checked, so 100 parallel guesses get at most `max` checks; the outcome
 * then decides what stays counted:
 * - a wrong password keeps both hits (it is a failure);
 * - a right password forgets the account's failures and gives the address's hit back;
 * - anything that is not a password verdict (unverified account, error) gives both back.
 */
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: { account: RateLimitRule; ip: RateLimitRule },
  ) {}

  /** The attempt's holds, or the seconds to wait when either limit is reached. */
  async reserve(email: string, ip: string): Promise<LoginAttempt | { retryAfterSeconds: number }> {
    const account = await this.limiter.take(accountKey(email), this.rules.account);
    if (!('held' in account)) return account;
    const address = await this.limiter.take(`login:ip:${ip}`, this.rules.ip);
    if (!('held' in address)) {
      await this.limiter.release(account.held);
      return address;
    }
    return { account: account.held, ip: address.held };
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.limiter.clear(attempt.account.key);
    await this.limiter.release(attempt.ip);
  }

  async abandoned(attempt: LoginAttempt): Promise<void> {
    await this.limiter.release(attempt.account);
    await this.limiter.release(attempt.ip);
  }
}

/** The 429 a throttled password check answers, with Retry-After. */
export function tooManyAttemptsError(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return tooManyRequests(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    code: 'TOO_MANY_ATTEMPTS',
    retryAfterSeconds,
  });
}
