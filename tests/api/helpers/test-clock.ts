import type { Clock } from '../../../src/server/system/clock.js';

/**
 * A clock that stands still until moved: rows stamped in a row get distinct, ordered times
 * without the test sleeping between them. Starts at the real time, so ages computed against
 * the real clock elsewhere stay sensible.
 */
export function testClock(): { now: Clock; advance(ms?: number): void } {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance: (ms = 1_000) => void (at += ms),
  };
}
