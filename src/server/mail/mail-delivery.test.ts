import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../jobs/job-poller.js';
import { DEFAULT_MAIL_DELIVERY } from './mail-delivery.js';

describe('mail retry schedule', () => {
  it('doubles the pause after each failed attempt, up to the ceiling', () => {
    const options = { retryBaseMs: 5_000, retryMaxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, options))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('keeps retrying for hours by default before a mail is given up', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_MAIL_DELIVERY.maxAttempts; attempt++) total += retryDelayMs(attempt, DEFAULT_MAIL_DELIVERY)!;
    expect(total).toBeGreaterThan(3 * 60 * 60_000);
    expect(retryDelayMs(DEFAULT_MAIL_DELIVERY.maxAttempts, DEFAULT_MAIL_DELIVERY)).toBeUndefined();
  });
});
