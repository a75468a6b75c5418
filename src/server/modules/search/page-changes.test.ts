import { describe, expect, it } from 'vitest';
import { patchPhrase, patchPrefix } from './page-changes.js';
import { combinePhrases, compactPages, type PhrasePages } from './phrase-scores.js';
import { prefixIds, prefixPages } from './prefix-pages.js';

/** A phrase's pages back as [id, score] pairs (through combinePhrases, as searches read them). */
function pairsOf(pages: PhrasePages): Array<[number, number]> {
  const { ids, scores } = combinePhrases([[pages]]);
  return Array.from(ids, (id, i) => [id, scores[i]!]);
}

describe('bringing a remembered list up to date from the pages changed since', () => {
  it('a phrase: changed pages scored anew, added in order, or gone; the others keep their scores', () => {
    const before = compactPages({ ids: Float64Array.of(2, 5, 9, 14, 20), scores: Float64Array.of(-1, -2, -1, -3, -2) });
    const after = patchPhrase(before, {
      // 5: new text, still matching; 9: deleted; 1, 11 and 30: new pages matching; 12: a new page not matching.
      changed: [1, 5, 9, 11, 12, 30],
      ids: [1, 5, 11, 30],
      scores: [-4, -1.5, -2, -1],
    });
    expect(pairsOf(after)).toEqual([
      [1, -4],
      [2, -1],
      [5, -1.5],
      [11, -2],
      [14, -3],
      [20, -2],
      [30, -1],
    ]);
    // The list it came from is left as it was (a search may be reading it).
    expect(pairsOf(before)).toEqual([
      [2, -1],
      [5, -2],
      [9, -1],
      [14, -3],
      [20, -2],
    ]);
  });

  it('a phrase: more distinct scores than a byte holds widen the codes; nothing changed is the same list', () => {
    const before = compactPages({ ids: Float64Array.from({ length: 256 }, (_, i) => i * 2), scores: Float64Array.from({ length: 256 }, (_, i) => -1 - i) });
    expect(before.codes).toBeInstanceOf(Uint8Array);
    const after = patchPhrase(before, { changed: [1, 3], ids: [1, 3], scores: [-0.5, -1000] });
    expect(after.codes).toBeInstanceOf(Uint16Array);
    expect(pairsOf(after).slice(0, 4)).toEqual([
      [0, -1],
      [1, -0.5],
      [2, -2],
      [3, -1000],
    ]);
    expect(patchPhrase(before, { changed: [], ids: [] })).toBe(before);
    // Pages changed that neither were in the list nor match now: the same list serves.
    expect(patchPhrase(before, { changed: [1, 3, 5000], ids: [] })).toBe(before);
    const ignored = { ...before, ignored: true as const };
    expect(patchPhrase(ignored, { changed: [1], ids: [1], scores: [-1] })).toBe(ignored);
  });

  it('a prefix: pages added and taken out, whether kept as a bitset or as ids', () => {
    const dense = Array.from({ length: 400 }, (_, i) => i * 2);
    const bits = prefixPages(dense);
    expect(bits.bits).toBeDefined();
    const patched = patchPrefix(bits, { changed: [0, 3, 64, 801, 5000], ids: [3, 801] });
    expect([...prefixIds(patched)]).toEqual([...dense.filter((id) => id !== 0 && id !== 64), 3, 801].sort((a, b) => a - b));
    expect(patched.count).toBe(dense.length);
    expect(patchPrefix(bits, { changed: [1, 3, 9000], ids: [] })).toBe(bits);
    const sparse = prefixPages([10, 70_000]);
    expect(patchPrefix(sparse, { changed: [11], ids: [] })).toBe(sparse);
    expect([...prefixIds(patchPrefix(sparse, { changed: [10, 90_000], ids: [90_000] }))]).toEqual([70_000, 90_000]);
    expect([...prefixIds(patchPrefix(sparse, { changed: [10, 70_000], ids: [] }))]).toEqual([]);
  });
});
