import PDFDocument from 'pdfkit';
import type { Shape } from './demo-pdf-model.js';
import { FONT_NAMES, type FontKey, type Run, runsWidth, showable, textWidth, wrapText } from './pdf-text.js';

export { type FontKey, type Run, runsWidth, wrapRuns, wrapText } from './pdf-text.js';

/**
 * The drawing level of the demo PDF generator, on pdfkit (text and its measures: pdf-text.ts):
 * pages recorded as drawing steps that `renderPdf` replays once the page count is known (the
 * footer says "Page n of N"). Coordinates are PDF's (origin bottom-left), as the layout computes
 * them.
 */

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

/** pdfkit takes RGB arrays in 0-255. */
const color = (c: Rgb): [number, number, number] => [c[0] * 255, c[1] * 255, c[2] * 255];

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
/** pdfkit's y grows downwards from the top of the page. */
const down = (y: number) => PAGE_HEIGHT - y;

type Step = (doc: PDFKit.PDFDocument) => void;

/** One page's drawing steps, in PDF coordinates (origin bottom-left), replayed by renderPdf. */
export class Canvas {
  readonly steps: Step[] = [];

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
    let left = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
    for (const run of list) {
      const at = left;
      this.steps.push((doc) => {
        doc.font(FONT_NAMES[run.font]).fontSize(size).fillColor(color(options.color ?? INK));
        doc.text(showable(run.text), at, down(y), { lineBreak: false, baseline: 'alphabetic' });
      });
      left += textWidth(run.text, run.font, size);
    }
  }

  /** A straight line segment. */
  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, stroke: Rgb = INK, dashed = false): void {
    this.steps.push((doc) => {
      doc.save().lineWidth(width).strokeColor(color(stroke));
      if (dashed) doc.dash(3, { space: 2 });
      doc.moveTo(x1, down(y1)).lineTo(x2, down(y2)).stroke().restore();
    });
  }

  /** A rectangle by its bottom-left corner; filled, stroked or both. */
  rect(x: number, y: number, w: number, h: number, options: { fill?: Rgb; stroke?: Rgb; width?: number }): void {
    this.steps.push((doc) => {
      doc.save().lineWidth(options.width ?? 0.6).rect(x, down(y + h), w, h);
      paint(doc, options.fill, options.stroke);
      doc.restore();
    });
  }

  /** A circle, outlined in ink, filled when `fill` is given. */
  circle(cx: number, cy: number, r: number, fill?: Rgb): void {
    this.steps.push((doc) => {
      doc.save().lineWidth(0.8).circle(cx, down(cy), r);
      paint(doc, fill, INK);
      doc.restore();
    });
  }

  /** An open or closed path through `points` (x1, y1, x2, y2, ...). */
  polyline(points: readonly number[], options: { closed?: boolean; dashed?: boolean; width?: number } = {}): void {
    this.steps.push((doc) => {
      doc.save().lineWidth(options.width ?? 0.9).strokeColor(color(INK)).lineCap('round').lineJoin('round');
      if (options.dashed) doc.dash(3, { space: 2 });
      for (let i = 0; i + 1 < points.length; i += 2) {
        if (i) doc.lineTo(points[i]!, down(points[i + 1]!));
        else doc.moveTo(points[i]!, down(points[i + 1]!));
      }
      if (options.closed) doc.closePath();
      doc.stroke().restore();
    });
  }

  /** A filled triangular arrow head at (x, y) pointing away from (fromX, fromY). */
  private head(x: number, y: number, fromX: number, fromY: number): void {
    const angle = Math.atan2(y - fromY, x - fromX);
    const len = 6.5;
    const spread = 0.42;
    const a = [x - len * Math.cos(angle - spread), y - len * Math.sin(angle - spread)] as const;
    const b = [x - len * Math.cos(angle + spread), y - len * Math.sin(angle + spread)] as const;
    this.steps.push((doc) => {
      doc.save().polygon([x, down(y)], [a[0], down(a[1])], [b[0], down(b[1])]).fill(color(INK)).restore();
    });
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

function paint(doc: PDFKit.PDFDocument, fill: Rgb | undefined, stroke: Rgb | undefined): void {
  if (fill && stroke) doc.fillAndStroke(color(fill), color(stroke));
  else if (fill) doc.fill(color(fill));
  else doc.stroke(color(stroke ?? INK));
}

/** Document information; `creationDate` is "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SS" local time in India. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string;
  creationDate: string;
}

/** "2024-08-14T10:30:00" in India (UTC+05:30) as an instant, without consulting the clock or the time zone. */
function indiaTime(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!match) throw new Error(`Invalid creation date "${value}"`);
  const [, y, mo, d, h = '10', mi = '00', s = '00'] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - 330 * 60_000);
}

/**
 * A PDF 1.4 file of A4 pages drawn by `pages`. The same pages and info give the same bytes: the
 * dates are the document's own (never the clock) and pdfkit derives the file ID from the info.
 */
export function renderPdf(pages: readonly Canvas[], info: PdfInfo): Buffer {
  const date = indiaTime(info.creationDate);
  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.4',
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Keywords: info.keywords,
      Creator: 'StudyShelf',
      Producer: 'StudyShelf demo library (pdfkit)',
      CreationDate: date,
      ModDate: date,
    },
  });
  for (const page of pages) {
    doc.addPage();
    for (const step of page.steps) step(doc);
  }
  doc.end();
  // pdfkit writes synchronously (deflateSync); everything is buffered by the time end() returns.
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null; ) chunks.push(chunk);
  return Buffer.concat(chunks);
}
