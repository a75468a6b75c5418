import PDFDocument from 'pdfkit';

/**
 * Text for the demo PDFs: the four standard fonts, what WinAnsi (their encoding) can show, and
 * lines wrapped by the fonts' own metrics, as pdfkit measures them.
 */

/** Resource names of the four standard-14 fonts every page may use. */
export type FontKey = 'F1' | 'F2' | 'F3' | 'F4';

export const FONT_NAMES: Readonly<Record<FontKey, string>> = {
  F1: 'Helvetica',
  F2: 'Helvetica-Bold',
  F3: 'Helvetica-Oblique',
  F4: 'Courier',
};

/** A stretch of text in one font; lines of mixed bold and regular text are lists of runs. */
export interface Run {
  text: string;
  font: FontKey;
}

// WinAnsiEncoding (what the standard fonts show) differs from Latin-1 only in 0x80..0x9F.
const WIN_ANSI_HIGH = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// Plain-text stand-ins for common maths symbols that WinAnsi lacks.
const FALLBACKS: Record<string, string> = {
  '≤': '<=', '≥': '>=', '≠': '!=', '→': '->', '←': '<-', '⇒': '=>', '↔': '<->', '≈': '~', '√': 'sqrt',
  '∞': 'inf', 'α': 'alpha', 'β': 'beta', 'θ': 'theta', 'λ': 'lambda', 'μ': 'µ', 'π': 'pi', 'σ': 'sigma',
  'ω': 'omega', 'Δ': 'delta', 'Σ': 'sum', '∑': 'sum', '∫': 'integral', '\t': '    ',
};

function inWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_HIGH.has(ch);
}

/** Characters of `text` that the standard fonts cannot show (they would render as "?"). */
export function unencodable(text: string): string[] {
  return [...text].filter((ch) => !inWinAnsi(ch) && FALLBACKS[ch] === undefined);
}

/** `text` with the symbols WinAnsi lacks spelled out. */
export function showable(text: string): string {
  let out = '';
  for (const ch of text) out += inWinAnsi(ch) ? ch : (FALLBACKS[ch] ?? '?');
  return out;
}

/** A document used only to measure text with the standard fonts' metrics. */
let metrics: PDFKit.PDFDocument | undefined;
/** Measured widths by font, size and text: wrapping measures the same words many times. */
const widths = new Map<string, number>();

/** Width in points of `text` set in `font` at `size`. */
export function textWidth(text: string, font: FontKey, size: number): number {
  const key = `${font} ${size} ${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    metrics ??= new PDFDocument({ autoFirstPage: false });
    width = metrics.font(FONT_NAMES[font]).fontSize(size).widthOfString(showable(text));
    if (widths.size >= 50_000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/**
 * Splits `text` into lines no wider than `maxWidth`; `**...**` spans are set in `boldFont`.
 * A word is everything between spaces, so "**Root**:" stays one word of two runs.
 */
export function wrapRuns(text: string, font: FontKey, size: number, maxWidth: number, boldFont: FontKey = 'F2'): Run[][] {
  let bold = false;
  const words: Run[][] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const pieces: Run[] = [];
    token.split('**').forEach((piece, index) => {
      if (index > 0) bold = !bold;
      if (piece) pieces.push({ text: piece, font: bold ? boldFont : font });
    });
    if (pieces.length) words.push(...splitLongWord(pieces, size, maxWidth));
  }
  const lines: Run[][] = [];
  let line: Run[] = [];
  let width = 0;
  const space = textWidth(' ', font, size);
  for (const word of words) {
    const w = runsWidth(word, size);
    if (line.length && width + space + w > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    word.forEach((run, index) => {
      const text = index === 0 && line.length ? ' ' + run.text : run.text;
      const last = line[line.length - 1];
      if (last && last.font === run.font) last.text += text;
      else line.push({ text, font: run.font });
    });
    width += (width > 0 ? space : 0) + w;
  }
  if (line.length) lines.push(line);
  return lines;
}

/** Breaks a word wider than a whole line (a long identifier, a URL) into pieces that fit. */
function splitLongWord(word: Run[], size: number, maxWidth: number): Run[][] {
  if (runsWidth(word, size) <= maxWidth) return [word];
  const pieces: Run[][] = [];
  for (const run of word) {
    let piece = '';
    for (const ch of run.text) {
      if (piece && textWidth(piece + ch, run.font, size) > maxWidth) {
        pieces.push([{ text: piece, font: run.font }]);
        piece = '';
      }
      piece += ch;
    }
    if (piece) pieces.push([{ text: piece, font: run.font }]);
  }
  return pieces;
}

/** Wraps plain text in one font; returns the lines as strings. */
export function wrapText(text: string, font: FontKey, size: number, maxWidth: number): string[] {
  return wrapRuns(text.replaceAll('**', ''), font, size, maxWidth).map((runs) => runs.map((r) => r.text).join(''));
}

/** Width of a line of runs. */
export function runsWidth(runs: readonly Run[], size: number): number {
  return runs.reduce((sum, run) => sum + textWidth(run.text, run.font, size), 0);
}
