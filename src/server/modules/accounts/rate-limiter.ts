import type { RateLimitRepository } from './rate-limit.repository.js';

export interface RateLimitRule {
  /** Hits allowed inside one window. */
  max: number;
  windowMs: number;
}

/** A counted hit, which can be given back if what it paid for did not happen. */
export interface RateLimitHold {
  key: string;
  windowStartMs: number;
}

export type RateLimitResult = { held: RateLimitHold } | { retryAfterSeconds: number };

/** The longest window any rule uses; older buckets are swept. */
export const LONGEST_RATE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Fixed-window limits kept in the database, so every instance behind a load balancer shares
 * them. A hit is counted (reserved) BEFORE the work it limits, atomically: see
 * RateLimitRepository.take.
 */
export class RateLimiter {
  constructor(
    private readonly repository: RateLimitRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const now = this.now();
    const windowStartMs = await this.repository.take(key, now, rule.windowMs, rule.max);
    if (windowStartMs !== undefined) return { held: { key, windowStartMs } };
    const started = (await this.repository.windowStart(key)) ?? now;
    return { retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - now) / 1000)) };
  }

  async release(hold: RateLimitHold): Promise<void> {
    await this.repository.release(hold.key, hold.windowStartMs);
  }

  async clear(key: string): Promise<void> {
    await this.repository.clear(key);
  }

  async sweep(): Promise<number> {
    return this.repository.deleteStarted(this.now() - LONGEST_RATE_WINDOW_MS);
  }
}
