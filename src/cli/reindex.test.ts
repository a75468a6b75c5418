import { describe, expect, it } from 'vitest';
import { progressLine } from './reindex.js';

describe('reindex progress line', () => {
  it('shows a bar, the count and an ETA from the rate so far', () => {
    expect(progressLine(0, 40, 0)).toBe(`[${'.'.repeat(30)}] 0/40 resources`);
    // 10 in 30 s: 30 left take 90 s.
    expect(progressLine(10, 40, 30_000)).toBe(`[${'#'.repeat(8)}${'.'.repeat(22)}] 10/40 resources, ETA 1m 30s`);
    expect(progressLine(1, 1000, 4_000)).toMatch(/ETA 1h 06m$/);
    expect(progressLine(40, 40, 120_000)).toBe(`[${'#'.repeat(30)}] 40/40 resources`);
  });
});
