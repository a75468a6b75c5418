import { isDatabaseUnavailable } from '../../db/database.js';
import type { Clock } from '../../system/clock.js';

/** While the database is away, a write is tried again after 0.25 s, doubling up to 2 s. */
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 2_000;

/**
 * Runs `write` (a job's outcome) and, while the database is unreachable, runs it again until it
 * answers, as long as time is left before `until` (a claim's lease: no one else may take the job
 * meanwhile) and the caller is not stopping. A blip of seconds would otherwise leave the job
 * "running" until its lease lapsed, minutes later. The job's writes check the claim, so running
 * one again is safe.
 */
export async function writeWhileDatabaseAway<T>(
  write: () => Promise<T>,
  options: { until: number; clock: Clock; stopping: () => boolean; onWait: (retryInMs: number) => void },
): Promise<T> {
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, MAX_WAIT_MS)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || options.stopping() || options.clock().getTime() + wait >= options.until - MAX_WAIT_MS) throw error;
      options.onWait(wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
