import { bitsetOf, holds, type Ids, type PrefixPages } from './prefix-pages.js';

/** Pages with a score each (lower is better, as SQLite's bm25 gives it), page ids ascending. */
export interface ScoredPages {
  ids: Ids;
  scores: Float64Array;
}

/**
 * One phrase's ScoredPages kept small: a phrase's score on a page depends only on how often it
 * occurs there and the page's length, so a few dozen to a few thousand distinct scores recur over
 * tens of thousands of pages. 5-8 bytes a page instead of 16.
 */
export interface PhrasePages {
  ids: Ids;
  /** Index into `palette` of each page's score. */
  codes: Uint8Array | Uint16Array | Uint32Array;
  palette: Float64Array;
  /** Where each page is in `ids` without walking them, for a list on a large part of the library (pageIndexOf). */
  index?: PageIndex;
  /**
   * The index ignores the phrase (PostgreSQL: only stop words, as "the"): it leaves its group,
   * and a group of nothing else leaves the query, as to_tsquery drops it.
   */
  ignored?: true;
}

/**
 * A list's pages as a bitset over page ids, with each 32-bit word's count of pages in the words
 * before it: whether a page is on the list, and at which position, in a few operations. Two common
 * words (30,000-80,000 pages each) were combined by walking both lists side by side, the most
 * costly step of a new query on the event loop (~0.9 ms); with these, a pass over the bitsets'
 * words and the pages they share.
 */
export interface PageIndex {
  bits: Uint32Array;
  before: Int32Array;
}

export const NO_PAGES: ScoredPages = { ids: new Float64Array(0), scores: new Float64Array(0) };

export function compactPages({ ids, scores }: ScoredPages): PhrasePages {
  const index = new Map<number, number>();
  for (const score of scores) if (!index.has(score)) index.set(score, index.size);
  const codes = index.size > 65536 ? new Uint32Array(scores.length) : index.size > 256 ? new Uint16Array(scores.length) : new Uint8Array(scores.length);
  for (let i = 0; i < scores.length; i++) codes[i] = index.get(scores[i]!)!;
  const small = ids.length === 0 || ids[ids.length - 1]! <= 0x7fffffff;
  return withPageIndex({ ids: small ? Int32Array.from(ids) : ids, codes, palette: Float64Array.from(index.keys()) });
}

/**
 * The list with a PageIndex when that takes less memory than its ids (8 bytes per 32 page ids of
 * the library, against 4 per page listed): a word on more than a sixteenth of the pages.
 */
export function withPageIndex(pages: PhrasePages): PhrasePages {
  const { ids } = pages;
  const last = ids.length ? ids[ids.length - 1]! : 0;
  const words = Math.floor(last / 32) + 1;
  if (last > 0x7fffffff || words * 2 >= ids.length) return pages;
  const bits = bitsetOf(ids, words);
  const before = new Int32Array(words);
  for (let w = 1; w < words; w++) before[w] = before[w - 1]! + bitCount(bits[w - 1]!);
  return { ...pages, index: { bits, before } };
}

export const bytesOf = (pages: PhrasePages) =>
  pages.ids.byteLength + pages.codes.byteLength + pages.palette.byteLength + (pages.index ? pages.index.bits.byteLength * 2 : 0);

/** How many bits of a 32-bit word are set. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The position of page `id` in an indexed list's ids, or -1 when the list does not hold it. */
function pageIndexOf({ bits, before }: PageIndex, id: number): number {
  // `id >= length * 32` first: `>>>` would wrap an id past 2^32 onto a low one.
  if (id >= bits.length * 32) return -1;
  const word = bits[id >>> 5]!;
  const bit = 1 << (id & 31);
  // `bit - 1`: the bits below it (for bit 31, -2^31 - 1 is 0x7fffffff once made 32-bit by `&`).
  return (word & bit) === 0 ? -1 : before[id >>> 5]! + bitCount(word & (bit - 1));
}

/**
 * The pages matching every group (a group: any of its phrases) with their bm25 for the whole
 * query, from each phrase's own scores. FTS5's bm25 is a sum over the query's phrases of a part
 * that depends only on the phrase, the page and the index's statistics (a phrase absent from a
 * page adds 0), so this is the score FTS5 would give: the parts are added in the order of the
 * phrases in the MATCH text, as FTS5 adds them, so even ties come out bit for bit the same.
 * `prefixes[i]`: pages that also match group i without adding to the score (the word being
 * typed, whose phrases in `groups` are its letters as a whole word; decision 028).
 */
export function combinePhrases(groups: PhrasePages[][], prefixes: PrefixPages[][] = []): ScoredPages {
  if (!groups.length) return NO_PAGES;
  const widened = groups.map((_, i) => (prefixes[i]?.length ?? 0) > 0);
  // Two words without alternatives (the commonest query): one pass.
  if (groups.length === 2 && groups[0]!.length === 1 && groups[1]!.length === 1 && !widened.includes(true)) {
    return bothPhrases(groups[0]![0]!, groups[1]![0]!);
  }
  // A word and a word being typed (the commonest query while typing): one pass.
  if (groups.length === 2 && groups[0]!.length === 1 && groups[1]!.length === 1 && !widened[0] && prefixes[1]!.length === 1) {
    return wordAndTyped(groups[0]![0]!, groups[1]![0]!, prefixes[1]![0]!);
  }
  const listed = (i: number) => union(groups[i]!.map((p) => p.ids));
  const plain = groups.flatMap((_, i) => (widened[i] ? [] : [i]));
  // Nothing but words being typed would mean enumerating their pages: RememberedScores.matches
  // leaves such a query to the index.
  if (!plain.length) throw new Error('combinePhrases: every group has a word being typed');
  let ids = listed(plain[0]!);
  for (const i of plain.slice(1)) ids = intersect(ids, listed(i));
  groups.forEach((_, i) => {
    if (widened[i]) ids = keepMatching(ids, listed(i), prefixes[i]!);
  });
  const scores = new Float64Array(ids.length);
  for (const phrase of groups.flat()) addScores(ids, scores, phrase);
  return { ids, scores };
}

/** The ids (ascending) in `listed` (ascending) or in any of `sets`. */
function keepMatching(ids: Ids, listed: Ids, sets: PrefixPages[]): Ids {
  const inSet = sets.map(holds);
  const out = new Float64Array(ids.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    while (j < listed.length && listed[j]! < id) j++;
    // Every test sees every id, in order: a set of ids is walked alongside.
    let keep = listed[j] === id;
    for (const test of inSet) keep = test(id) || keep;
    if (keep) out[n++] = id;
  }
  return out.subarray(0, n);
}

/**
 * The pages of both phrases with the two scores added (first + second, as the general way adds
 * them): one pass where intersecting and then adding each phrase took three (two words of ~40,000
 * pages each: ~0.7 ms of the event loop instead of ~1.1).
 */
function bothPhrases(first: PhrasePages, second: PhrasePages): ScoredPages {
  if (first.index && second.index) return bothIndexed(first, second);
  if (first.index || second.index) return oneIndexed(first, second);
  const { ids: a, codes: aCodes, palette: aPalette } = first;
  const { ids: b, codes: bCodes, palette: bPalette } = second;
  const { ids, scores } = scratch(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      ids[k] = x;
      scores[k++] = aPalette[aCodes[i++]!]! + bPalette[bCodes[j++]!]!;
    } else if (x < y) i++;
    else j++;
  }
  return taken(k);
}

/** bothPhrases for two indexed lists: the pages in both bitsets, word by word (~270 us for two common words sharing ~9,600 pages). */
function bothIndexed(first: PhrasePages, second: PhrasePages): ScoredPages {
  const { codes: aCodes, palette: aPalette } = first;
  const { codes: bCodes, palette: bPalette } = second;
  const { bits: aBits, before: aBefore } = first.index!;
  const { bits: bBits, before: bBefore } = second.index!;
  const words = Math.min(aBits.length, bBits.length);
  const { ids, scores } = scratch(Math.min(first.ids.length, second.ids.length));
  let k = 0;
  for (let w = 0; w < words; w++) {
    const aWord = aBits[w]!;
    const bWord = bBits[w]!;
    for (let both = aWord & bWord; both !== 0; both &= both - 1) {
      const bit = both & -both;
      const below = bit - 1;
      ids[k] = w * 32 + (31 - Math.clz32(bit));
      scores[k++] = aPalette[aCodes[aBefore[w]! + bitCount(aWord & below)]!]! + bPalette[bCodes[bBefore[w]! + bitCount(bWord & below)]!]!;
    }
  }
  return taken(k);
}

/** bothPhrases when one list is indexed: each page of the other looked up in it. */
function oneIndexed(first: PhrasePages, second: PhrasePages): ScoredPages {
  const walked = first.index ? second : first;
  const indexed = first.index ? first : second;
  const { ids: walkedIds, codes: walkedCodes, palette: walkedPalette } = walked;
  const { codes, palette } = indexed;
  const index = indexed.index!;
  const { ids, scores } = scratch(Math.min(first.ids.length, second.ids.length));
  let k = 0;
  for (let i = 0; i < walkedIds.length; i++) {
    const at = pageIndexOf(index, walkedIds[i]!);
    if (at < 0) continue;
    ids[k] = walkedIds[i]!;
    // Two terms: the same sum in either order (three-term sums elsewhere depend on theirs).
    scores[k++] = walkedPalette[walkedCodes[i]!]! + palette[codes[at]!]!;
  }
  return taken(k);
}

/**
 * The pages of `first` holding the word being typed whole (`whole`) or a longer word beginning
 * with it (`prefix`), with first's score plus whole's where the page holds it: what the general
 * way adds (0 + first + whole), in one pass over first's pages (~0.4 ms for 150,000, where
 * filtering and then adding each phrase took three passes and 5 ms of the event loop).
 */
function wordAndTyped(first: PhrasePages, whole: PhrasePages, prefix: PrefixPages): ScoredPages {
  const { ids: a, codes: aCodes, palette: aPalette } = first;
  const { ids: b, codes: bCodes, palette: bPalette } = whole;
  const bits = prefix.bits;
  const inList = bits ? undefined : holds(prefix);
  const wholeIndex = whole.index;
  const { ids, scores } = scratch(a.length);
  let j = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    const id = a[i]!;
    if (wholeIndex) j = pageIndexOf(wholeIndex, id);
    else while (j < b.length && b[j]! < id) j++;
    if (j >= 0 && b[j] === id) {
      ids[k] = id;
      scores[k++] = aPalette[aCodes[i]!]! + bPalette[bCodes[j]!]!;
    } else if (bits ? id < bits.length * 32 && ((bits[id >>> 5]! >>> (id & 31)) & 1) === 1 : inList!(id)) {
      ids[k] = id;
      scores[k++] = aPalette[aCodes[i]!]!;
    }
  }
  return taken(k);
}

/**
 * Where a pass writes its pages before they are copied at their number (`taken`): a pass may keep
 * up to its shorter list's length, and arrays of that size made for each query (640 KB for two
 * words of 40,000 pages) were zeroed and then collected at hundreds of queries a second (the
 * garbage collector had a sixth of the event loop). Two words of 20,000-40,000 pages, combined
 * and their best pages picked: 0.68 -> 0.58 ms. Grows to the largest pass (4.8 MB at 300,000 pages).
 */
let room = { ids: new Float64Array(0), scores: new Float64Array(0) };

function scratch(n: number): { ids: Float64Array; scores: Float64Array } {
  if (room.ids.length < n) room = { ids: new Float64Array(n), scores: new Float64Array(n) };
  return room;
}

/** The first `k` pages written to the scratch space, copied. */
const taken = (k: number): ScoredPages => ({ ids: room.ids.slice(0, k), scores: room.scores.slice(0, k) });

/** Adds a phrase's score to the pages of `ids` it matches (both ascending). */
function addScores(ids: Ids, scores: Float64Array, phrase: PhrasePages): void {
  let j = 0;
  for (let i = 0; i < ids.length && j < phrase.ids.length; i++) {
    while (j < phrase.ids.length && phrase.ids[j]! < ids[i]!) j++;
    if (phrase.ids[j] === ids[i]) scores[i] = scores[i]! + phrase.palette[phrase.codes[j]!]!;
  }
}

function union(lists: Ids[]): Ids {
  if (!lists.length) return new Float64Array(0);
  if (lists.length === 1) return lists[0]!;
  const all = new Float64Array(lists.reduce((n, l) => n + l.length, 0));
  let n = 0;
  for (const list of lists) {
    all.set(list, n);
    n += list.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
  return all.subarray(0, kept);
}

function intersect(a: Ids, b: Ids): Ids {
  if (a.length > b.length) return intersect(b, a);
  const out = new Float64Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out[n++] = a[i]!;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/**
 * The pages scoring no worse than the `n`-th best (ties with it included, so possibly more than
 * `n`), or every page scoring no worse than `through`; best first.
 */
export function bestPages(pages: ScoredPages, n: number | undefined, through?: number): Array<[number, number]> {
  const line = through ?? (n === undefined || n >= pages.scores.length ? Infinity : nthSmallest(pages.scores, n));
  const kept: Array<[number, number]> = [];
  for (let i = 0; i < pages.ids.length; i++) if (pages.scores[i]! <= line) kept.push([pages.ids[i]!, pages.scores[i]!]);
  return kept.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** The n-th smallest value (1-based) by quickselect on a copy: linear, where sorting is not. */
function nthSmallest(values: Float64Array, n: number): number {
  const a = scratch(values.length).scores.subarray(0, values.length);
  a.set(values);
  const k = n - 1;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}
