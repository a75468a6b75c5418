import { describe, expect, it } from 'vitest';
import { holds, prefixBytes, prefixIds, prefixPages, type PrefixPages } from './prefix-pages.js';

const pagesOf = (pages: PrefixPages) => Float64Array.from(prefixIds(pages));

describe('prefixPages', () => {
  it('keeps a dense set as a bitset (a bit a page id) and a sparse one as ids, whichever is smaller', () => {
    const dense = Array.from({ length: 5000 }, (_, i) => i * 4 + 31);
    const set = prefixPages(dense);
    expect(set.bits).toBeDefined();
    expect(prefixBytes(set)).toBeLessThan(dense.length * 4);
    const sparse = prefixPages([3, 70_000, 2 ** 31 - 1]);
    expect(sparse.ids).toBeInstanceOf(Int32Array);
    expect(prefixBytes(sparse)).toBe(12);
    expect(prefixPages([5, 2 ** 33]).ids).toBeInstanceOf(Float64Array);
  });

  it('answers membership and lists its pages back, at word edges (ids 0, 31, 32, 63) too', () => {
    const edges = Array.from({ length: 96 }, (_, i) => i).filter((i) => i % 5 !== 2);
    for (const [ids, kind] of [
      [edges, 'bits'],
      [Array.from({ length: 300 }, (_, i) => i * 2), 'bits'],
      [[0, 31, 32, 63, 64, 1000], 'ids'],
      [[31], 'ids'],
      [[7, 9_000_000], 'ids'],
    ] as const) {
      const set = prefixPages(ids);
      expect(set.bits ? 'bits' : 'ids', `${ids.length} ids`).toBe(kind);
      expect([...pagesOf(set)]).toEqual(ids);
      const test = holds(set);
      const max = ids[ids.length - 1]! + 40;
      const found: number[] = [];
      for (let id = 0; id <= Math.min(max, 2000); id++) if (test(id)) found.push(id);
      expect(found).toEqual(ids.filter((id) => id <= 2000));
    }
  });

  it('a page id past 2^32 is not taken for a low one it wraps onto', () => {
    const test = holds(prefixPages(Array.from({ length: 64 }, (_, i) => i)));
    expect(test(5)).toBe(true);
    expect(test(2 ** 32 + 5)).toBe(false);
  });
});
