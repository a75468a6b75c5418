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

  it('peek() answers only what get() would answer at once: fresh, at the same version, not invalidated', async () => {
    let now = 1000;
    const cache = new ListCache<number>({ ttlMs: 100, maxEntries: 10, staleMs: 1000 }, () => now);
    const source = counter();
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', source.load, 'v1');
    expect(cache.peek('a', 'v1')).toBe(1);
    expect(cache.peek('a', 'v2')).toBeUndefined();
    now += 100;
    // Stale: get() would answer it but reload meanwhile, which is get()'s business.
    expect(cache.peek('a', 'v1')).toBeUndefined();
    await cache.get('b', source.load);
    cache.invalidate();
    expect(cache.peek('b')).toBeUndefined();
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

  it('loads a cold key once for all the requests that ask at the same time (no stampede)', async () => {
    const cache = new ListCache<number>({ ttlMs: 10_000, maxEntries: 10 });
    let calls = 0;
    let finish = (_: number) => {};
    const query = new Promise<number>((resolve) => (finish = resolve));
    const load = () => {
      calls++;
      return query;
    };
    const answers = Promise.all(Array.from({ length: 10 }, () => cache.get('cse', load)));
    finish(42);
    expect(await answers).toEqual(Array(10).fill(42));
    expect(calls).toBe(1);
  });

  it('never hands a load that began before a write to a request that came after it', async () => {
    const cache = new ListCache<number>({ ttlMs: 10_000, maxEntries: 10 });
    let release = () => {};
    const before = cache.get('cse', () => new Promise<number>((resolve) => (release = () => resolve(1))));
    cache.invalidate();
    const after = cache.get('cse', async () => 2);
    release();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
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

describe('ListCache with staleMs', () => {
  it('answers an expired entry at once while one reload runs, then the reloaded value', async () => {
    let now = 1000;
    const cache = new ListCache<number>({ ttlMs: 100, maxEntries: 10, staleMs: 1000 }, () => now);
    let calls = 0;
    let release: (() => void) | undefined;
    const slowLoad = () =>
      new Promise<number>((resolve) => {
        calls++;
        release = () => resolve(calls);
      });
    const first = cache.get('a', slowLoad);
    release!();
    expect(await first).toBe(1);

    now += 150; // expired, still within staleMs
    expect(await cache.get('a', slowLoad)).toBe(1);
    expect(await cache.get('a', slowLoad)).toBe(1);
    expect(calls).toBe(2); // one reload for both requests
    release!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', slowLoad)).toBe(2);

    now += 100 + 1000 + 1; // past ttl + staleMs: the caller waits for a fresh load
    const late = cache.get('a', slowLoad);
    release!();
    expect(await late).toBe(3);
  });

  it('with maxReloads, reloads no more entries at once: the others answer their value and reload when asked again with room', async () => {
    let now = 1000;
    const cache = new ListCache<string>({ ttlMs: 100, maxEntries: 10, staleMs: 1000, versionWaitMs: 0, maxReloads: 1 }, () => now);
    const releases: Array<() => void> = [];
    const loads: string[] = [];
    const slowLoad = (key: string) => () =>
      new Promise<string>((resolve) => {
        loads.push(key);
        releases.push(() => resolve(`${key}2`));
      });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `${key}1`, 1);
    now += 150; // all three expired, still within staleMs
    expect(await cache.get('a', slowLoad('a'), 1)).toBe('a1');
    expect(await cache.get('b', slowLoad('b'), 1)).toBe('b1');
    // A new version: also a reload, also bounded.
    expect(await cache.get('c', slowLoad('c'), 2)).toBe('c1');
    expect(loads).toEqual(['a']);
    releases[0]!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', slowLoad('a'), 1)).toBe('a2');
    expect(await cache.get('b', slowLoad('b'), 1)).toBe('b1');
    expect(loads).toEqual(['a', 'b']);
  });

  it('never answers a stale entry after invalidate()', async () => {
    let now = 1000;
    const cache = new ListCache<number>({ ttlMs: 100, maxEntries: 10, staleMs: 1000 }, () => now);
    await cache.get('a', async () => 1);
    now += 150;
    cache.invalidate();
    expect(await cache.get('a', async () => 2)).toBe(2);
  });
});

describe('ListCache with a version', () => {
  it('reloads on a new version and answers the new value when the reload is quick', async () => {
    const cache = new ListCache<string>({ ttlMs: 10_000, maxEntries: 10, versionWaitMs: 1000 });
    expect(await cache.get('q', async () => 'nothing', 1)).toBe('nothing');
    expect(await cache.get('q', async () => 'unused', 1)).toBe('nothing');
    expect(await cache.get('q', async () => 'found', 2)).toBe('found');
  });

  it('answers the previous value when the reload takes longer than versionWaitMs, with one reload for all callers', async () => {
    const cache = new ListCache<string>({ ttlMs: 10_000, maxEntries: 10, versionWaitMs: 20 });
    await cache.get('q', async () => 'v1', 1);
    let calls = 0;
    let release: (() => void) | undefined;
    const slowLoad = () =>
      new Promise<string>((resolve) => {
        calls++;
        release = () => resolve('v2');
      });
    const answers = await Promise.all([cache.get('q', slowLoad, 2), cache.get('q', slowLoad, 2), cache.get('q', slowLoad, 3)]);
    expect(answers).toEqual(['v1', 'v1', 'v1']);
    expect(calls).toBe(1);
    release!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('q', slowLoad, 2)).toBe('v2');
    expect(calls).toBe(1);
  });

  it('only the request that starts a reload waits for it: those arriving meanwhile answer the previous value at once', async () => {
    const cache = new ListCache<string>({ ttlMs: 10_000, maxEntries: 10, versionWaitMs: 60_000 });
    await cache.get('q', async () => 'v1', 1);
    let release: ((value: string) => void) | undefined;
    const pending = () => new Promise<string>((resolve) => (release = resolve));
    const first = cache.get('q', pending, 2);
    const waited = new Promise<string>((resolve) => setTimeout(() => resolve('waited'), 50));
    expect(await Promise.race([cache.get('q', pending, 2), waited])).toBe('v1');
    release!('v2');
    expect(await first).toBe('v2');
    expect(await cache.get('q', pending, 2)).toBe('v2');
  });

  it('answers the previous value when the reload fails', async () => {
    const cache = new ListCache<string>({ ttlMs: 10_000, maxEntries: 10, versionWaitMs: 1000 });
    await cache.get('q', async () => 'v1', 1);
    expect(await cache.get('q', async () => Promise.reject(new Error('database gone')), 2)).toBe('v1');
  });
});
