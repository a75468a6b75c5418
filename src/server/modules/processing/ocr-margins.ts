// Types only: a value import would load zod into every processing child process.
import type { PageWordLine } from '../../../shared/page-words.js';

/**
 * Question numbers hanging left of a paper's text ("1.", "2.") come out of a phone scan as a bare
 * speck (". In LL(1) parsing"): Tesseract's page layout keeps the dot and drops the digit. Read on
 * its own as one line of text (PSM 7), the small strip around the speck gives the number back, for
 * ~50 ms a strip against seconds a page (docs/decisions/034-ocr-passes-and-priority.md).
 */

/** At most this many strips are read again on a page: the cost budget (~10% a paper). */
export const MAX_STRIPS = 4;

/** A strip of a page to read again, as fractions of the image; `line` is the index of the line it opens. */
export interface MarginStrip {
  line: number;
  box: [number, number, number, number];
}

/** How far right of the page's leftmost line start a speck may stand (fraction of the width). */
const EDGE = 0.05;
/** A printed digit's width as a fraction of an A4 page's (12 pt type). */
const DIGIT_WIDTH = 0.012;
/** A lone speck of punctuation opening a line that goes on with text: where a lost number stands. */
const SPECK = /^[^\p{L}\p{N}]{1,2}$/u;
/** What a strip read again may give: a number, as a question is numbered ("1.", "12)", "3"). */
const NUMBER = /^\(?(\d{1,2})\s?[.):,]?$/;

/** Strips around specks opening lines, each from a little left of the speck to the next word. */
export function marginStrips(lines: readonly PageWordLine[]): MarginStrip[] {
  const strips: MarginStrip[] = [];
  // Numbers hang at the text's left edge; specks further in are handwriting, figures or noise.
  const edge = Math.min(...lines.map((words) => words[0]?.box[0] ?? 1)) + EDGE;
  lines.forEach((words, line) => {
    const [speck, next] = words;
    if (!speck || !next || !SPECK.test(speck.text) || speck.turned || speck.box[0]! > edge) return;
    // The next word's height is the line's: a speck's own box is a dot's.
    const [top, bottom] = [next.box[1]!, next.box[3]!];
    const pad = (bottom - top) * 0.6;
    const left = Math.max(0, speck.box[0]! - 0.04);
    strips.push({ line, box: [left, Math.max(0, top - pad), Math.max(left + 0.005, next.box[0]! - 0.002), Math.min(1, bottom + pad)] });
  });
  return strips.slice(0, MAX_STRIPS);
}

/**
 * The line with its speck replaced by the number read in its strip (`text`), boxed over the strip;
 * the line as it was when the strip held no number.
 */
export function withNumber(words: PageWordLine, text: string): PageWordLine {
  const match = NUMBER.exec(text.trim());
  if (!match) return words;
  const [speck, ...rest] = words;
  const number = `${match[1]}${/[.)]$/.test(speck!.text) ? speck!.text.slice(-1) : '.'}`;
  // About a digit's width left of the dot: where the number is printed, for the viewer's text layer.
  return [{ text: number, box: [Math.max(0, speck!.box[0]! - DIGIT_WIDTH), speck!.box[1]!, speck!.box[2]!, speck!.box[3]!] }, ...rest];
}
