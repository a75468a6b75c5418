import type { PageWord, PageWordLine } from '../../../shared/page-words.js';
import type { SplitPage } from './question-split.js';

/**
 * Synthetic pages for the splitter's tests: lines of text placed on a page as a word extractor
 * would report them (a rough 0.009 of the page's width per character, 0.015 high).
 */

/** A line: its text, where it starts (x, fraction of the width), and words printed flush right on it. */
export interface Row {
  text: string;
  x?: number;
  /** Top of the line; by default each row stands 0.03 below the one before, from 0.15. */
  y?: number;
  /** Printed flush right on the same baseline, e.g. "[5 marks]". */
  right?: string;
  /** A second column's text on the same baseline, from x = 0.54. */
  column2?: string;
}

const CHAR = 0.009;
const SPACE = 0.006;

/** Words of `text` from `x`, each with its box, on a line whose top is `y`. */
export function wordsAt(text: string, x: number, y: number): PageWord[] {
  const words: PageWord[] = [];
  let left = x;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const right = left + word.length * CHAR;
    words.push({ text: word, box: [round(left), round(y), round(right), round(y + 0.015)] });
    left = right + SPACE;
  }
  return words;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** A page of rows, top to bottom, as one line each (the columns of a row on one baseline, as pdf.js groups them). */
export function page(number: number, rows: ReadonlyArray<Row | string>): SplitPage {
  const lines: PageWordLine[] = rows.map((raw, i) => {
    const row = typeof raw === 'string' ? { text: raw } : raw;
    const y = row.y ?? 0.15 + i * 0.03;
    const words = wordsAt(row.text, row.x ?? 0.1, y);
    if (row.column2) words.push(...wordsAt(row.column2, 0.54, y));
    if (row.right) words.push(...wordsAt(row.right, 0.9 - row.right.length * CHAR, y));
    return words;
  });
  return { page: number, lines: lines.filter((line) => line.length) };
}
