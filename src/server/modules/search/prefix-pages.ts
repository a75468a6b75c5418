/** Page ids, ascending: 32-bit while they fit. */
export type Ids = Int32Array | Float64Array;

/**
 * The pages holding a word that begins with a prefix (the word being typed, decision 028): they
 * match the query without adding to its score, so only which pages, not how well. A bitset over
 * the page ids (a three-letter prefix is on a quarter of the library: ~27 KB for 200,000 pages
 * where a list of ids took 190 KB), or the ids themselves when that is smaller (a rare prefix).
 */
export interface PrefixPages {
  bits?: Uint32Array;
  ids?: Ids;
  /** How many pages. */
  count: number;
  /** The index ignores the prefix (PostgreSQL: a stop word): it leaves its group, as to_tsquery drops it. */
  ignored?: true;
}

/** The set of `ids` (ascending). */
export function prefixPages(ids: ArrayLike<number>): PrefixPages {
  const count = ids.length;
  const max = count ? ids[count - 1]! : 0;
  const bitBytes = (Math.floor(max / 32) + 1) * 4;
  if (max <= 0x7fffffff && bitBytes < count * 4) {
    return { bits: bitsetOf(ids, bitBytes / 4), count };
  }
  return { ids: max <= 0x7fffffff ? Int32Array.from(ids) : Float64Array.from(ids), count };
}

/** A bitset of `words` 32-bit words with the bit of each id set (ids below words * 32 and 2^31). */
export function bitsetOf(ids: ArrayLike<number>, words: number): Uint32Array {
  const bits = new Uint32Array(words);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    bits[id >>> 5] = bits[id >>> 5]! | (1 << (id & 31));
  }
  return bits;
}

export const prefixBytes = (pages: PrefixPages) => (pages.bits?.byteLength ?? 0) + (pages.ids?.byteLength ?? 0);

/**
 * A test of whether a page is in the set, for ids asked in ascending order (a list of ids is
 * walked once, alongside).
 */
export function holds(pages: PrefixPages): (id: number) => boolean {
  const { bits, ids } = pages;
  // `id < bits.length * 32` first: `>>>` would wrap an id past 2^32 onto a low one.
  if (bits) return (id) => id < bits.length * 32 && ((bits[id >>> 5]! >>> (id & 31)) & 1) === 1;
  let j = 0;
  return (id) => {
    while (j < ids!.length && ids![j]! < id) j++;
    return ids![j] === id;
  };
}

/** The ids of a set, ascending. */
export function prefixIds(pages: PrefixPages): Ids | Float64Array {
  if (pages.ids) return pages.ids;
  const ids = new Float64Array(pages.count);
  let n = 0;
  const bits = pages.bits!;
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w]!; word !== 0; word &= word - 1) ids[n++] = w * 32 + (31 - Math.clz32(word & -word));
  }
  return ids.subarray(0, n);
}
