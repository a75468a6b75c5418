import { withPageIndex, type PhrasePages } from './phrase-scores.js';
import { holds, prefixIds, prefixPages, type PrefixPages } from './prefix-pages.js';

/**
 * The pages changed since a remembered list was read (PostgreSQL's change log, migration 019):
 * every changed page, written or deleted (`changed`, ascending), and of those the ones the
 * phrase or prefix matches now (`ids`, ascending) with their scores (a phrase's; none for a prefix).
 */
export interface PagesChanged {
  changed: ArrayLike<number>;
  ids: ArrayLike<number>;
  scores?: ArrayLike<number>;
}

/**
 * Walks a list's ids (ascending) with a change: `keep(i)` for each id of the list not changed,
 * `add(k)` for each changed page matching now, in ascending order of id.
 */
function merge(ids: ArrayLike<number>, change: PagesChanged, keep: (i: number) => void, add: (k: number) => void): void {
  const { changed, ids: added } = change;
  let j = 0;
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    while (k < added.length && added[k]! < id) add(k++);
    while (j < changed.length && changed[j]! < id) j++;
    if (changed[j] !== id) keep(i);
  }
  while (k < added.length) add(k++);
}

/**
 * Whether a change leaves a list as it is: no changed page matches now, and none was in the list
 * (`held`, asked in ascending order). Most lists, most of the time: a page written holds a few of
 * the words remembered, and the same list then serves the new version.
 */
function unaffected(change: PagesChanged, held: (id: number) => boolean): boolean {
  if (change.ids.length) return false;
  for (let j = 0; j < change.changed.length; j++) if (held(change.changed[j]!)) return false;
  return true;
}

/** Whether ascending `ids` hold `id` (a binary search). */
function includes(ids: ArrayLike<number>, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at === id) return true;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** A phrase's pages with the changed ones scored anew (or gone). */
export function patchPhrase(pages: PhrasePages, change: PagesChanged): PhrasePages {
  if (pages.ignored || unaffected(change, (id) => includes(pages.ids, id))) return pages;
  const scores = change.scores ?? [];
  const palette = Array.from(pages.palette);
  const codeOf = new Map(palette.map((score, i) => [score, i]));
  for (let k = 0; k < change.ids.length; k++) {
    if (!codeOf.has(scores[k]!)) {
      codeOf.set(scores[k]!, palette.length);
      palette.push(scores[k]!);
    }
  }
  const ids: number[] = [];
  const codes: number[] = [];
  merge(
    pages.ids,
    change,
    (i) => (ids.push(pages.ids[i]!), codes.push(pages.codes[i]!)),
    (k) => (ids.push(change.ids[k]!), codes.push(codeOf.get(scores[k]!)!)),
  );
  const small = ids.length === 0 || ids[ids.length - 1]! <= 0x7fffffff;
  return withPageIndex({
    ids: small ? Int32Array.from(ids) : Float64Array.from(ids),
    codes: palette.length > 65536 ? Uint32Array.from(codes) : palette.length > 256 ? Uint16Array.from(codes) : Uint8Array.from(codes),
    palette: Float64Array.from(palette),
  });
}

/** A prefix's pages with the changed ones added or taken out. */
export function patchPrefix(pages: PrefixPages, change: PagesChanged): PrefixPages {
  if (pages.ignored || unaffected(change, holds(pages))) return pages;
  const ids: number[] = [];
  const old = prefixIds(pages);
  merge(
    old,
    change,
    (i) => ids.push(old[i]!),
    (k) => ids.push(change.ids[k]!),
  );
  return prefixPages(ids);
}
