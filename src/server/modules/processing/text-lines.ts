// Types only: a value import would load zod into every processing child process.
import type { PageWord, PageWordLine } from '../../../shared/page-words.js';

/** The parts of a pdf.js text item (`getTextContent().items`) that word positions need. */
export interface TextItemLike {
  str: string;
  /** Text space to PDF user space: the glyph run starts at (e, f), the font's size scales a..d. */
  transform: number[];
  /** Advance of the whole run along its direction, in user space units. */
  width: number;
  fontName?: string;
}

/** The parts of a pdf.js page viewport (`page.getViewport({ scale: 1 })`) that are used. */
export interface ViewportLike {
  width: number;
  height: number;
  /** User space to viewport pixels, the page's /Rotate applied, origin top-left. */
  transform: number[];
}

/** Font metrics pdf.js reports in `getTextContent().styles`. */
export type TextStyles = Record<string, { ascent?: number; descent?: number } | undefined>;

/** Four digits of a fraction, as OCR's words (ocr-words.ts). */
const SCALE = 10_000;
const fraction = (value: number, of: number) => Math.round(Math.min(1, Math.max(0, value / of)) * SCALE) / SCALE;

type Matrix = readonly number[];
const compose = (m: Matrix, n: Matrix): number[] => [
  m[0]! * n[0]! + m[2]! * n[1]!,
  m[1]! * n[0]! + m[3]! * n[1]!,
  m[0]! * n[2]! + m[2]! * n[3]!,
  m[1]! * n[2]! + m[3]! * n[3]!,
  m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
  m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
];

/** A run of glyphs placed in viewport pixels: `along` and `across` are measured in its line's frame. */
interface Run {
  text: string;
  /** Quarter turns of the text direction on the viewport (0: left to right). */
  turn: number;
  along: number;
  length: number;
  /** Baseline's distance from the page's reading-frame top. */
  across: number;
  size: number;
  origin: [number, number];
  direction: [number, number];
  up: [number, number];
  ascent: number;
  descent: number;
}

/**
 * Rough advance widths (em) of proportional Latin type: words inside a run are placed by their
 * share of these, as pdf.js gives one width per run, not per glyph.
 */
function advance(char: string): number {
  if (/[ilj.,:;!|'`]/.test(char)) return 0.28;
  if (/[frt()[\]{}\-/\\"]/.test(char)) return 0.36;
  if (char === ' ') return 0.28;
  if (/[mwMW@%]/.test(char)) return 0.85;
  if (/[A-Z]/.test(char)) return 0.68;
  return 0.54;
}

function runOf(item: TextItemLike, viewport: ViewportLike, styles: TextStyles): Run | null {
  if (!item.str.trim() || item.transform.length < 6) return null;
  const m = compose(viewport.transform, item.transform);
  const size = Math.hypot(m[2]!, m[3]!);
  const length = item.width * Math.hypot(viewport.transform[0]!, viewport.transform[1]!);
  const dirLength = Math.hypot(m[0]!, m[1]!);
  if (!size || !dirLength) return null;
  const direction: [number, number] = [m[0]! / dirLength, m[1]! / dirLength];
  // The text's "up" on the viewport (whose y grows downwards).
  const up: [number, number] = [m[2]! / size, m[3]! / size];
  const turn = ((Math.round(Math.atan2(direction[1], direction[0]) / (Math.PI / 2)) % 4) + 4) % 4;
  const origin: [number, number] = [m[4]!, m[5]!];
  const style = item.fontName ? styles[item.fontName] : undefined;
  const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
  const descent = style?.descent && style.descent < 0 ? -style.descent : 0.2;
  return {
    text: item.str,
    turn,
    along: origin[0] * direction[0] + origin[1] * direction[1],
    length,
    across: -(origin[0] * up[0] + origin[1] * up[1]),
    size,
    origin,
    direction,
    up,
    ascent,
    descent,
  };
}

/** The viewport box of the part of `run` from `from` to `to` (em-weighted shares of its length). */
function boxOf(run: Run, from: number, to: number, viewport: ViewportLike): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const share of [from, to]) {
    for (const lift of [run.ascent, -run.descent]) {
      xs.push(run.origin[0] + run.direction[0] * run.length * share + run.up[0] * run.size * lift);
      ys.push(run.origin[1] + run.direction[1] * run.length * share + run.up[1] * run.size * lift);
    }
  }
  const { width, height } = viewport;
  return [fraction(Math.min(...xs), width), fraction(Math.min(...ys), height), fraction(Math.max(...xs), width), fraction(Math.max(...ys), height)];
}

/** A run cut at its spaces: each word with its share of the run's length, and whether it touches the run's ends. */
function wordsOf(run: Run): Array<{ text: string; from: number; to: number; atStart: boolean; atEnd: boolean }> {
  const chars = [...run.text];
  const weights = chars.map(advance);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const words: Array<{ text: string; from: number; to: number; atStart: boolean; atEnd: boolean }> = [];
  let position = 0;
  let start = -1;
  let startAt = 0;
  chars.forEach((char, i) => {
    const space = /\s/.test(char);
    if (!space && start < 0) {
      start = i;
      startAt = position;
    }
    position += weights[i]!;
    if (start >= 0 && (space || i === chars.length - 1)) {
      const end = space ? i : i + 1;
      words.push({ text: chars.slice(start, end).join(''), from: startAt / total, to: (space ? position - weights[i]! : position) / total, atStart: start === 0, atEnd: end === chars.length });
      start = -1;
    }
  });
  return words;
}

/**
 * The words of a born-digital page, line by line, from pdf.js's text items: boxes as fractions of
 * the page shown at its own rotation (top-left origin, as OCR's words), words cut at spaces and
 * joined across runs that touch, runs grouped into lines by their baseline. Lines run top to
 * bottom in the frame of the page's main text direction; words left to right along it. Half-turned
 * text is marked `turned`, as OCR marks a page read upside down.
 */
export function textWordLines(items: readonly unknown[], viewport: ViewportLike, styles: TextStyles = {}): PageWordLine[] {
  const runs = items.flatMap((item) => {
    const run = item && typeof item === 'object' && 'str' in item ? runOf(item as TextItemLike, viewport, styles) : null;
    return run ? [run] : [];
  });
  if (!runs.length) return [];
  const byTurn = new Map<number, number>();
  for (const run of runs) byTurn.set(run.turn, (byTurn.get(run.turn) ?? 0) + run.text.length);
  const turns = [...byTurn.entries()].sort((a, b) => b[1] - a[1]).map(([turn]) => turn);
  const lines: PageWordLine[] = [];
  for (const turn of turns) {
    const group = runs.filter((run) => run.turn === turn).sort((a, b) => a.across - b.across || a.along - b.along);
    let line: Run[] = [];
    const flush = () => {
      const words = lineWords(line, viewport, turn === 2);
      if (words.length) lines.push(words);
      line = [];
    };
    for (const run of group) {
      const first = line[0];
      // Sub- and superscripts sit off the baseline by less than half a size.
      if (first && Math.abs(run.across - first.across) > 0.5 * Math.max(first.size, run.size)) flush();
      line.push(run);
    }
    flush();
  }
  return lines;
}

function lineWords(line: Run[], viewport: ViewportLike, turned: boolean): PageWord[] {
  const words: Array<PageWord & { end: number; open: boolean }> = [];
  for (const run of [...line].sort((a, b) => a.along - b.along)) {
    for (const word of wordsOf(run)) {
      const box = boxOf(run, word.from, word.to, viewport);
      const previous = words.at(-1);
      const startAlong = run.along + run.length * word.from;
      // A word split over runs ("Q" then "1."): no space between and (almost) no gap.
      if (previous && previous.open && word.atStart && startAlong - previous.end < 0.15 * run.size) {
        previous.text += word.text;
        previous.box = [Math.min(previous.box[0]!, box[0]), Math.min(previous.box[1]!, box[1]), Math.max(previous.box[2]!, box[2]), Math.max(previous.box[3]!, box[3])];
      } else {
        words.push({ text: word.text, box, end: 0, open: false, ...(turned ? { turned: true } : {}) });
      }
      const last = words.at(-1)!;
      last.end = run.along + run.length * word.to;
      last.open = word.atEnd;
    }
  }
  return words.map(({ end: _end, open: _open, ...word }) => word);
}
