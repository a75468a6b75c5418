import { RESOURCE_MESSAGES } from '@shared/resource';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from './labels';

describe('result counts', () => {
  it('an exact count', () => {
    expect(formatCount(1, 'resource', 'resources')).toBe('1 resource');
    expect(formatCount(1200, 'resource', 'resources')).toBe('1,200 resources');
    expect(RESOURCE_MESSAGES.found(1000)).toBe('Found 1000 matching resources');
  });

  it('groups digits as en-IN does, without making an Intl formatter', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    vi.resetModules();
    const labels = await import('./labels');
    const counts = [0, 7, 999, 1000, 12_345, 123_456, 1_234_567, 98_765_432, 1_000_000_000];
    const texts = counts.map((n) => labels.formatCount(n, 'page', 'pages'));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const intl = new Intl.NumberFormat('en-IN');
    expect(texts).toEqual(counts.map((n) => `${intl.format(n)} pages`));
    expect(texts[5]).toBe('1,23,456 pages');
  });

  afterEach(() => vi.restoreAllMocks());
});
