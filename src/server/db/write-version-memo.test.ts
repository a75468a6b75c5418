import { describe, expect, it } from 'vitest';
import { WriteVersionMemo } from './write-version-memo.js';

describe('WriteVersionMemo', () => {
  it('answers a value only at the version it was read under, and nothing without a version', async () => {
    const memo = new WriteVersionMemo<string>({ maxEntries: 10 });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await memo.remember('k', '1.0', load)).toBe('value 1');
    expect(await memo.remember('k', '1.0', load)).toBe('value 1');
    expect(await memo.remember('k', '2.0', load)).toBe('value 2');
    expect(memo.get('k', '1.0')).toBeUndefined();
    // PostgreSQL: no version, so every call loads and nothing is kept.
    expect(await memo.remember('p', undefined, load)).toBe('value 3');
    expect(await memo.remember('p', undefined, load)).toBe('value 4');
    memo.clear();
    expect(memo.get('k', '2.0')).toBeUndefined();
  });

  it('keeps at most maxEntries and maxBytes, the least recently used leaving first', () => {
    const memo = new WriteVersionMemo<string>({ maxEntries: 2, maxBytes: 10, sizeOf: (v) => v.length });
    memo.set('a', 'v', 'aaaa');
    memo.set('b', 'v', 'bbbb');
    expect(memo.get('a', 'v')).toBe('aaaa'); // a is now the most recent
    memo.set('c', 'v', 'cc');
    expect(memo.get('b', 'v')).toBeUndefined();
    expect(memo.get('a', 'v')).toBe('aaaa');
    // Three entries: c (least recently used) leaves; then 4 + 8 bytes > 10: a leaves too.
    memo.set('d', 'v', 'dddddddd');
    expect(memo.get('c', 'v')).toBeUndefined();
    expect(memo.get('a', 'v')).toBeUndefined();
    expect(memo.get('d', 'v')).toBe('dddddddd');
  });

  it('rememberEach loads only the keys missing at this version, once for all, and remembers what it did not find', async () => {
    const memo = new WriteVersionMemo<string | null>({ maxEntries: 10 });
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((key) => key !== 'none').map((key) => [key, key.toUpperCase()]));
    };
    expect(await memo.rememberEach(['a', 'none', 'a'], '1.0', load, null)).toEqual(new Map([['a', 'A'], ['none', null]]));
    expect(await memo.rememberEach(['none', 'b', 'a'], '1.0', load, null)).toEqual(new Map([['none', null], ['b', 'B'], ['a', 'A']]));
    expect(await memo.rememberEach(['a', 'b'], '1.0', load, null)).toEqual(new Map([['a', 'A'], ['b', 'B']]));
    // A new version reads every key again; no version remembers nothing.
    await memo.rememberEach(['a'], '2.0', load, null);
    await memo.rememberEach(['c'], undefined, load, null);
    await memo.rememberEach(['c'], undefined, load, null);
    expect(asked).toEqual([['a', 'none'], ['b'], ['a'], ['c'], ['c']]);
  });
});
