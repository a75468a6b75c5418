import type { PageWord, PageWordLine } from '../../../shared/page-words.js';
import { isOr, isPageFurniture } from './question-markers.js';

/** One line of a paper as read: its page, its column (0 on a one-column page or a full-width line), its words. */
export interface ReadLine {
  page: number;
  column: 0 | 1 | 2;
  words: PageWord[];
  text: string;
  box: [number, number, number, number];
}

/** Lines whose top or bottom lies this close to the page's edge are in its margin (running headers, footers). */
const MARGIN = 0.1;
/** Text repeated on other pages is a running header or footer this far from the page's edge. */
const REPEAT_MARGIN = 0.2;

const boxOf = (words: readonly PageWord[]): [number, number, number, number] => [
  Math.min(...words.map((w) => w.box[0]!)),
  Math.min(...words.map((w) => w.box[1]!)),
  Math.max(...words.map((w) => w.box[2]!)),
  Math.max(...words.map((w) => w.box[3]!)),
];

const lineOf = (page: number, column: 0 | 1 | 2, words: PageWord[]): ReadLine => ({
  page,
  column,
  words,
  text: words.map((w) => w.text).join(' ').replace(/\s+/g, ' ').trim(),
  box: boxOf(words),
});

/**
 * A paper's lines in reading order, page by page: a two-column page is read left column then
 * right, band by band between full-width lines (a title, a section heading); running headers and
 * footers (a margin line repeated on other pages, a page number, "P.T.O.") are left out.
 */
export function readingOrder(pages: ReadonlyArray<{ page: number; lines: readonly PageWordLine[] }>): ReadLine[] {
  const read = [...pages].sort((a, b) => a.page - b.page).map((p) => pageOrder(p.page, p.lines.filter((line) => line.some((w) => w.text.trim()))));
  const inMargin = (line: ReadLine, margin: number) => line.box[1] < margin || line.box[3] > 1 - margin;
  // The same text near the top or bottom of other pages, page numbers apart ("Page 2 of 3"); a
  // phone scan's header may stand well below the page's edge. "OR" repeats and is not a header.
  const key = (line: ReadLine) => line.text.toLowerCase().replace(/\d+/g, '#');
  const repeats = (line: ReadLine) => inMargin(line, REPEAT_MARGIN) && key(line).length >= 6 && !isOr(line.text);
  const pagesWith = new Map<string, Set<number>>();
  for (const line of read.flat()) if (repeats(line)) pagesWith.set(key(line), (pagesWith.get(key(line)) ?? new Set()).add(line.page));
  return read.flat().filter((line) => {
    if (isPageFurniture(line.text)) return false;
    if (repeats(line) && (pagesWith.get(key(line))?.size ?? 0) >= 2) return false;
    return !(inMargin(line, MARGIN) && /\bpage\s*\d+\s*(?:of|\/)\s*\d+/i.test(line.text));
  });
}

/** One page's lines: as given on a one-column page; column by column on a two-column page. */
function pageOrder(page: number, lines: readonly PageWordLine[]): ReadLine[] {
  const gutter = findGutter(lines);
  if (gutter === null) return lines.map((words) => lineOf(page, 0, [...words]));
  const split = lines.map((words) => ({
    words,
    top: Math.min(...words.map((w) => w.box[1]!)),
    crosses: words.some((w) => w.box[0]! < gutter && w.box[2]! > gutter),
    left: words.filter((w) => w.box[2]! <= gutter),
    right: words.filter((w) => w.box[0]! >= gutter),
  }));
  // Where the right column's lines start: the commonest start right of the gap.
  const starts = new Map<number, number>();
  for (const { crosses, right } of split) if (!crosses && right.length) starts.set(Math.round(right[0]!.box[0]! * 100), (starts.get(Math.round(right[0]!.box[0]! * 100)) ?? 0) + 1);
  const columnStart = [...starts.entries()].sort((a, b) => b[1] - a[1])[0]![0] / 100;
  const pieces: ReadLine[] = [];
  // Above the columns, a line with words on both sides ("Time: 3 Hours ... Max. Marks: 60") is one line.
  let columns = false;
  for (const { words, crosses, left, right } of split.sort((a, b) => a.top - b.top)) {
    const aligned = right.length > 0 && Math.abs(right[0]!.box[0]! - columnStart) < 0.02;
    columns ||= aligned && !crosses;
    if (crosses || (!columns && left.length && right.length)) {
      pieces.push(lineOf(page, 0, [...words]));
      continue;
    }
    if (left.length) pieces.push(lineOf(page, 1, left));
    if (right.length) pieces.push(lineOf(page, 2, right));
  }
  pieces.sort((a, b) => a.box[1] - b.box[1]);
  // Bands between full-width lines: each band's left column, then its right.
  const ordered: ReadLine[] = [];
  let band: ReadLine[] = [];
  const flush = () => {
    ordered.push(...band.filter((l) => l.column === 1), ...band.filter((l) => l.column === 2));
    band = [];
  };
  for (const piece of pieces) {
    if (piece.column === 0) {
      flush();
      ordered.push(piece);
    } else {
      band.push(piece);
    }
  }
  flush();
  return ordered;
}

/**
 * The x (fraction of the page) of the gap between two columns of text, or null on a one-column
 * page. The gap is the middle stretch that the fewest lines cross; it counts when both sides
 * hold a good share of the text (marks printed flush right are not a column) and few lines cross it.
 */
export function findGutter(lines: readonly PageWordLine[]): number | null {
  if (lines.length < 6) return null;
  const words = lines.flat();
  const chars = (list: PageWord[]) => list.reduce((n, w) => n + w.text.length, 0);
  const total = chars(words);
  const crossing: number[] = [];
  const STEPS = 41;
  const at = (i: number) => 0.3 + (0.4 * i) / (STEPS - 1);
  for (let i = 0; i < STEPS; i++) {
    const x = at(i);
    crossing.push(lines.filter((line) => line.some((w) => w.box[0]! < x + 0.004 && w.box[2]! > x - 0.004)).length);
  }
  const fewest = Math.min(...crossing);
  if (fewest > 0.25 * lines.length) return null;
  // The middle of the stretch of least crossing that lies nearest the page's middle.
  let best: { from: number; to: number } | null = null;
  for (let i = 0; i < STEPS; i++) {
    if (crossing[i] !== fewest) continue;
    let j = i;
    while (j + 1 < STEPS && crossing[j + 1] === fewest) j++;
    const run = { from: at(i), to: at(j) };
    if (!best || Math.abs((run.from + run.to) / 2 - 0.5) < Math.abs((best.from + best.to) / 2 - 0.5)) best = run;
    i = j;
  }
  const x = (best!.from + best!.to) / 2;
  const left = chars(words.filter((w) => w.box[2]! <= x));
  const right = chars(words.filter((w) => w.box[0]! >= x));
  if (left < 0.25 * total || right < 0.25 * total) return null;
  // Lines beside one another: at least a few lines' worth of text starts just right of the gap.
  const starts = lines.filter((line) => line.some((w) => w.box[0]! >= x && w.box[0]! < best!.to + 0.05)).length;
  return starts >= 3 ? x : null;
}
