import type { Shape } from './demo-pdf-model.js';
import { type FontKey, num, pdfString, textWidth } from './pdf-writer.js';

/** A stretch of text in one font; lines of mixed bold and regular text are lists of runs. */
export interface Run {
  text: string;
  font: FontKey;
}

type Rgb = readonly [number, number, number];

/** Body text and lines: near-black. */
export const INK: Rgb = [0.1, 0.1, 0.12];
/** Header, footer and captions: grey. */
export const MUTED: Rgb = [0.42, 0.44, 0.48];
/** Headings and frames: dark blue. */
export const ACCENT: Rgb = [0.11, 0.27, 0.53];
/** Light blue fill of title blocks, boxes and table headers. */
export const FILL: Rgb = [0.93, 0.95, 0.98];
/** Light grey behind code listings. */
export const CODE_FILL: Rgb = [0.955, 0.955, 0.955];

const rgb = (c: Rgb) => c.map(num).join(' ');

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

/** Collects the drawing operators of one page, in PDF coordinates (origin bottom-left). */
export class Canvas {
  private readonly ops: string[] = [];

  /** The page's content stream. */
  content(): string {
    return this.ops.join('\n');
  }

  /** One line of text (possibly of several runs); `align` positions it relative to x. */
  text(
    x: number,
    y: number,
    runs: readonly Run[] | string,
    size: number,
    options: { font?: FontKey; color?: Rgb; align?: 'left' | 'center' | 'right' } = {},
  ): void {
    const list: readonly Run[] = typeof runs === 'string' ? [{ text: runs, font: options.font ?? 'F1' }] : runs;
    const width = runsWidth(list, size);
    const left = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
    const shows = list.map((run) => `/${run.font} ${num(size)} Tf ${pdfString(run.text)} Tj`).join(' ');
    this.ops.push(`BT ${rgb(options.color ?? INK)} rg ${num(left)} ${num(y)} Td ${shows} ET`);
  }

  /** A straight line segment. */
  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, color: Rgb = INK, dashed = false): void {
    const dash = dashed ? '[3 2] 0 d ' : '';
    this.ops.push(`q ${dash}${num(width)} w ${rgb(color)} RG ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S Q`);
  }

  /** A rectangle by its bottom-left corner; filled, stroked or both. */
  rect(x: number, y: number, w: number, h: number, options: { fill?: Rgb; stroke?: Rgb; width?: number }): void {
    const paint = options.fill && options.stroke ? 'B' : options.fill ? 'f' : 'S';
    const colours = `${options.fill ? rgb(options.fill) + ' rg ' : ''}${options.stroke ? rgb(options.stroke) + ' RG ' : ''}`;
    this.ops.push(`q ${colours}${num(options.width ?? 0.6)} w ${num(x)} ${num(y)} ${num(w)} ${num(h)} re ${paint} Q`);
  }

  /** A circle from four Bezier arcs (kappa = 0.5523 approximates a quarter circle). */
  circle(cx: number, cy: number, r: number, fill?: Rgb): void {
    const k = r * 0.5523;
    const p = (a: number, b: number) => `${num(cx + a)} ${num(cy + b)}`;
    const path =
      `${p(r, 0)} m ${p(r, k)} ${p(k, r)} ${p(0, r)} c ${p(-k, r)} ${p(-r, k)} ${p(-r, 0)} c ` +
      `${p(-r, -k)} ${p(-k, -r)} ${p(0, -r)} c ${p(k, -r)} ${p(r, -k)} ${p(r, 0)} c`;
    this.ops.push(`q ${fill ? rgb(fill) + ' rg ' : ''}${rgb(INK)} RG 0.8 w ${path} ${fill ? 'B' : 'S'} Q`);
  }

  /** An open or closed path through `points` (x1, y1, x2, y2, ...). */
  polyline(points: readonly number[], options: { closed?: boolean; dashed?: boolean; width?: number } = {}): void {
    const segments: string[] = [];
    for (let i = 0; i + 1 < points.length; i += 2) segments.push(`${num(points[i]!)} ${num(points[i + 1]!)} ${i ? 'l' : 'm'}`);
    const dash = options.dashed ? '[3 2] 0 d ' : '';
    this.ops.push(`q ${dash}${num(options.width ?? 0.9)} w ${rgb(INK)} RG 1 J 1 j ${segments.join(' ')} ${options.closed ? 's' : 'S'} Q`);
  }

  /** A filled triangular arrow head at (x, y) pointing away from (fromX, fromY). */
  private head(x: number, y: number, fromX: number, fromY: number): void {
    const angle = Math.atan2(y - fromY, x - fromX);
    const len = 6.5;
    const spread = 0.42;
    const a = [x - len * Math.cos(angle - spread), y - len * Math.sin(angle - spread)];
    const b = [x - len * Math.cos(angle + spread), y - len * Math.sin(angle + spread)];
    this.ops.push(`q ${rgb(INK)} rg ${num(x)} ${num(y)} m ${num(a[0]!)} ${num(a[1]!)} l ${num(b[0]!)} ${num(b[1]!)} l h f Q`);
  }

  /** Draws a diagram shape whose local origin (top-left, y down) is at (ox, oy). */
  shape(s: Shape, ox: number, oy: number): void {
    switch (s.kind) {
      case 'box': {
        this.rect(ox + s.x, oy - s.y - s.h, s.w, s.h, { fill: s.shade === false ? undefined : FILL, stroke: INK, width: 0.8 });
        if (s.label) this.label(s.label, ox + s.x + s.w / 2, oy - s.y - s.h / 2, s.w - 6, s.bold ? 'F2' : 'F1');
        break;
      }
      case 'circle':
        this.circle(ox + s.x, oy - s.y, s.r, s.shade ? FILL : undefined);
        if (s.label) this.label(s.label, ox + s.x, oy - s.y, s.r * 2 - 4, 'F1');
        break;
      case 'arrow': {
        const [x1, y1, x2, y2] = [ox + s.x1, oy - s.y1, ox + s.x2, oy - s.y2];
        this.line(x1, y1, x2, y2, 0.8, INK, s.dashed);
        const head = s.head ?? 'end';
        if (head !== 'none') this.head(x2, y2, x1, y1);
        if (head === 'both') this.head(x1, y1, x2, y2);
        if (s.label) {
          // Beside the line, not on it: offset along the normal that points up (or left).
          const d = Math.hypot(x2 - x1, y2 - y1) || 1;
          let [nx, ny] = [-(y2 - y1) / d, (x2 - x1) / d];
          if (ny < 0 || (ny === 0 && nx > 0)) [nx, ny] = [-nx, -ny];
          const align = Math.abs(nx) < 0.3 ? 'center' : nx < 0 ? 'right' : 'left';
          this.text((x1 + x2) / 2 + nx * 5, (y1 + y2) / 2 + ny * 5 + (ny > 0.5 ? 0 : -3), s.label, 7.5, { font: 'F3', color: MUTED, align });
        }
        break;
      }
      case 'path': {
        const points = s.points.map((value, index) => (index % 2 ? oy - value : ox + value));
        this.polyline(points, { closed: s.closed, dashed: s.dashed, width: s.width });
        break;
      }
      case 'text':
        this.text(ox + s.x, oy - s.y, s.text, s.size ?? 8.5, { font: s.bold ? 'F2' : 'F1', align: s.align ?? 'left' });
        break;
    }
  }

  /** Centred, wrapped label of a box or circle; "\n" forces a break. */
  private label(text: string, cx: number, cy: number, maxWidth: number, font: FontKey): void {
    const size = 8.5;
    const lines = text.split('\n').flatMap((part) => wrapText(part, font, size, maxWidth));
    const leading = size + 2;
    const top = cy + ((lines.length - 1) * leading) / 2 - size * 0.35;
    lines.forEach((line, i) => this.text(cx, top - i * leading, line, size, { font, align: 'center' }));
  }
}
