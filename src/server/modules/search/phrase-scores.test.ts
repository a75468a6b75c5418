import { describe, expect, it } from 'vitest';
import { bestPages, bytesOf, combinePhrases, compactPages, type PhrasePages } from './phrase-scores.js';
import { prefixPages } from './prefix-pages.js';

/** A phrase's pages from { id: score }. */
function phrase(scores: Record<number, number>): PhrasePages {
  const ids = Object.keys(scores).map(Number).sort((a, b) => a - b);
  return compactPages({ ids: Float64Array.from(ids), scores: Float64Array.from(ids, (id) => scores[id]!) });
}

/** What FTS5 computes: pages matching every group (any phrase of it), the phrases' scores added in order. */
function bruteForce(groups: Array<Array<Record<number, number>>>): Map<number, number> {
  const ids = new Set(groups.flat().flatMap((p) => Object.keys(p).map(Number)));
  const out = new Map<number, number>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    if (!groups.every((group) => group.some((p) => id in p))) continue;
    let score = 0;
    for (const p of groups.flat()) score += p[id] ?? 0;
    out.set(id, score);
  }
  return out;
}

describe('combinePhrases', () => {
  it('matches a brute-force AND of ORs with scores added in phrase order, on random lists', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 200; round++) {
      const groups = Array.from({ length: 2 + Math.floor(random() * 2) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const p: Record<number, number> = {};
          for (let id = 1; id < 60; id++) if (random() < 0.4) p[id] = -Math.round(random() * 8) / 4 - random() / 1000;
          return p;
        }),
      );
      const combined = combinePhrases(groups.map((group) => group.map(phrase)));
      const expected = bruteForce(groups);
      expect([...combined.ids]).toEqual([...expected.keys()]);
      // Bit for bit: the same additions in the same order.
      expect([...combined.scores]).toEqual([...expected.values()]);
    }
  });

  it('two words without alternatives (their own one-pass path) match the brute force bit for bit', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    // Common words (a PageIndex each), rare ones (none), and one of each: every way of combining.
    const kinds = new Set<string>();
    for (let round = 0; round < 200; round++) {
      const words = [0, 1].map(() => {
        const p: Record<number, number> = {};
        const share = random() < 0.5 ? 0.3 : 0.03;
        for (let id = 1; id < 300; id++) if (random() < share) p[id] = -random() * 7 - random() / 3;
        return p;
      });
      const lists = words.map(phrase);
      kinds.add(lists.map((list) => (list.index ? 'indexed' : 'listed')).join(' + '));
      const combined = combinePhrases(lists.map((list) => [list]));
      const expected = bruteForce(words.map((word) => [word]));
      expect([...combined.ids]).toEqual([...expected.keys()]);
      expect([...combined.scores]).toEqual([...expected.values()]);
    }
    expect([...kinds].sort()).toEqual(['indexed + indexed', 'indexed + listed', 'listed + indexed', 'listed + listed']);
  });

  it('a phrase repeated counts twice, as FTS5 scores "tree tree"', () => {
    const tree = phrase({ 1: -1.5, 2: -0.5 });
    expect([...combinePhrases([[tree], [tree]]).scores]).toEqual([-3, -1]);
  });

  it('a group widened by prefix pages matches them too, adding only its phrases\' scores (brute force, random)', () => {
    let seed = 5;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    // Ids 1-79, or spread 1,000 apart: the prefix's pages then come as ids, not a bitset.
    let scale = 1;
    const some = (p: number) => {
      const out: Record<number, number> = {};
      for (let id = 1; id < 80; id++) if (random() < p) out[id * scale] = -Math.round(random() * 8) / 4 - random() / 1000;
      return out;
    };
    const kinds = new Set<string>();
    for (let round = 0; round < 200; round++) {
      scale = round % 2 ? 1000 : 1;
      const groups = Array.from({ length: 2 + Math.floor(random() * 2) }, () => Array.from({ length: 1 + Math.floor(random() * 2) }, () => some(0.4)));
      // The last group's word being typed: its pages (dense: a bitset; sparse: ids) hold its whole word's.
      const last = groups.length - 1;
      const prefix = new Set([...Object.keys(groups[last]![0]!).map(Number), ...Object.keys(some(random() < 0.5 ? 0.5 : 0.02)).map(Number)]);
      const prefixIds = [...prefix].sort((a, b) => a - b);
      kinds.add(prefixPages(prefixIds).bits ? 'bits' : 'ids');
      const combined = combinePhrases(
        groups.map((group) => group.map(phrase)),
        groups.map((_, i) => (i === last ? [prefixPages(prefixIds)] : [])),
      );
      const expected = new Map<number, number>();
      for (const id of [...new Set(groups.flat().flatMap((p) => Object.keys(p).map(Number)).concat(prefixIds))].sort((a, b) => a - b)) {
        if (!groups.every((group, i) => group.some((p) => id in p) || (i === last && prefix.has(id)))) continue;
        let score = 0;
        for (const p of groups.flat()) score += p[id] ?? 0;
        expected.set(id, score);
      }
      expect([...combined.ids], `round ${round}`).toEqual([...expected.keys()]);
      expect([...combined.scores], `round ${round}`).toEqual([...expected.values()]);
    }
    expect([...kinds].sort()).toEqual(['bits', 'ids']);
  });

  it('refuses a query of nothing but a word being typed (its pages would be enumerated: the index ranks it)', () => {
    expect(() => combinePhrases([[phrase({ 1: -1 })]], [[prefixPages([1, 2])]])).toThrow(/every group/);
  });

  it('no common page: nothing', () => {
    expect(combinePhrases([[phrase({ 1: -1 })], [phrase({ 2: -1 })]]).ids.length).toBe(0);
  });
});

describe('bestPages', () => {
  const pages = { ids: Float64Array.from([1, 2, 3, 4, 5, 6]), scores: Float64Array.from([-1, -3, -2, -3, -0.5, -2]) };

  it('keeps the n best, best first, with every page tied with the n-th', () => {
    expect(bestPages(pages, 1)).toEqual([[2, -3], [4, -3]]);
    expect(bestPages(pages, 3)).toEqual([[2, -3], [4, -3], [3, -2], [6, -2]]);
    expect(bestPages(pages, 100).length).toBe(6);
  });

  it('or every page scoring no worse than a line, or all', () => {
    expect(bestPages(pages, undefined, -2)).toEqual([[2, -3], [4, -3], [3, -2], [6, -2]]);
    expect(bestPages(pages, undefined).map(([id]) => id)).toEqual([2, 4, 3, 6, 1, 5]);
  });
});

describe('compactPages', () => {
  it('keeps every score exactly in a byte per page while a phrase has at most 256 distinct scores', () => {
    // One page in 40: no PageIndex (it would take more memory than the ids).
    const ids = Float64Array.from({ length: 1000 }, (_, i) => i * 40 + 1);
    const scores = Float64Array.from({ length: 1000 }, (_, i) => -((i % 200) / 7 + 0.1));
    const compact = compactPages({ ids, scores });
    expect(compact.index).toBeUndefined();
    expect(compact.codes).toBeInstanceOf(Uint8Array);
    expect(compact.ids).toBeInstanceOf(Int32Array);
    expect(Array.from(compact.codes, (code) => compact.palette[code])).toEqual([...scores]);
    expect(bytesOf(compact)).toBeLessThan(1000 * 7);
    const many = compactPages({ ids, scores: Float64Array.from(ids, (id) => -id / 1000) });
    expect(many.codes).toBeInstanceOf(Uint16Array);
    expect(Array.from(many.codes, (code) => many.palette[code])).toEqual(Array.from(ids, (id) => -id / 1000));
  });

  it('indexes a list on more than a sixteenth of the pages, in less memory than its ids', () => {
    // One page in 3, the last ids on bit 31 and bit 0 of their words.
    const ids = Float64Array.from([...Array.from({ length: 1000 }, (_, i) => i * 3 + 1), 3039, 3040]);
    const dense = compactPages({ ids, scores: Float64Array.from(ids, (id) => -id) });
    expect(dense.index!.bits.byteLength * 2).toBeLessThan(dense.ids.byteLength);
    expect(bytesOf(dense)).toBe(dense.ids.byteLength + dense.codes.byteLength + dense.palette.byteLength + dense.index!.bits.byteLength * 2);
    // Every page found at its position, through the index (combined with a list holding every id).
    const every = compactPages({ ids: Float64Array.from({ length: 3100 }, (_, i) => i), scores: new Float64Array(3100) });
    expect(every.index).toBeDefined();
    const both = combinePhrases([[dense], [every]]);
    expect([...both.ids]).toEqual([...ids]);
    expect([...both.scores]).toEqual(Array.from(ids, (id) => -id));
  });
});
