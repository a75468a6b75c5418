import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache.js';

describe('ListCache', () => {
  const counter = () => {
    let calls = 0;
    return { load: async () => ++calls, calls: () => calls };
  };

  it('answers a repeated key from memory until the entry expires', async () => {
    let now = 1000;
    const cache = new ListCache<number>({ ttlMs: 100, maxEntries: 10 }, () => now);
    const source = counter();
    expect(await cache.get('a', source.load)).toBe(1);
    expect(await cache.get('a', source.load)).toBe(1);
    now += 99;
    expect(await cache.get('a', source.load)).toBe(1);
    now += 1;
    expect(await cache.get('a', source.load)).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('invalidate() forgets everything, and a load that raced a write is not kept', async () => {
    const cache = new ListCache<number>({ ttlMs: 10_000, maxEntries: 10 });
    const source = counter();
    await cache.get('a', source.load);
    cache.invalidate();
    expect(await cache.get('a', source.load)).toBe(2);
    const racing = cache.get('b', async () => {
      cache.invalidate();
      return 99;
    });
    expect(await racing).toBe(99);
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ListCache<string>({ ttlMs: 10_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // hit: a is now the most recent
    await cache.get('c', async () => 'c1'); // evicts b
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });
});
