import type { FastifyBaseLogger } from 'fastify';
import type { AccountVerificationService } from './account-verification.service.js';
import type { RateLimiter } from './rate-limiter.js';

const HOUR = 60 * 60_000;

/**
 * Deletes expired unverified accounts and spent rate-limit windows, once at start-up and then
 * every `intervalMs`. The timer is unref'd so it never keeps the process alive; the returned
 * function stops it. Several instances may sweep at once: each deletion is its own transaction.
 */
export function startAccountHousekeeping(
  deps: { verification: AccountVerificationService; limiter: RateLimiter; log: FastifyBaseLogger },
  intervalMs = HOUR,
): () => void {
  const run = async () => {
    try {
      const removed = await deps.verification.removeExpiredUnverified();
      await deps.limiter.sweep();
      if (removed) deps.log.info({ removed }, 'deleted accounts whose e-mail was never verified');
    } catch (error) {
      deps.log.error({ err: error }, 'account housekeeping failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
