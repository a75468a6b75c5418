import type { PageWordLine } from '@shared/page-words';

/*
 * A scan's OCR words as pdf.js text content (docs/decisions/036-ocr-text-layer.md): pdf.js's own
 * text layer then lays them, invisible and selectable, over the page image, and its find
 * controller counts and highlights them as it does a born-digital page's text. Pure numbers: no
 * pdf.js here, so it is tested without a browser.
 */

/** The font name the OCR items use; its style is in the content's `styles`. */
export const OCR_FONT = 'studyshelf-ocr';

/**
 * Where the baseline stands in a word's box, from its top. pdf.js places an item's box
 * `ascent x height` above the baseline, with the ascent of the font it lays the text in
 * (sans-serif: DejaVu Sans 0.80, Arial 0.82), so the text layer's box covers the word's.
 */
const BASELINE = 0.8;

/** One item of pdf.js's TextContent (its TextItem, as the text layer and find controller read it). */
export interface OcrTextItem {
  str: string;
  dir: 'ltr';
  /** [a, b, c, d, e, f]: the text's matrix in PDF user space. */
  transform: [number, number, number, number, number, number];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}

export interface OcrTextContent {
  items: OcrTextItem[];
  styles: Record<string, { fontFamily: string; ascent: number; descent: number; vertical: boolean }>;
  lang: null;
}

type Point = { x: number; y: number };

/**
 * A point given in fractions of the page as shown at its own rotation (`rotate`, clockwise, as in
 * its /Rotate), in PDF user space (`view`: the page's [x0, y0, x1, y1], y upwards).
 */
export function pagePoint(left: number, top: number, view: readonly number[], rotate: number): Point {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  let u = left;
  let v = top;
  switch (((rotate % 360) + 360) % 360) {
    case 90:
      [u, v] = [top, 1 - left];
      break;
    case 180:
      [u, v] = [1 - left, 1 - top];
      break;
    case 270:
      [u, v] = [1 - top, left];
      break;
  }
  return { x: x0 + u * (x1 - x0), y: y1 - v * (y1 - y0) };
}

/**
 * The text content of a page whose words OCR read: one item per word, laid along its box's
 * baseline and as tall as its box, a space between words and the end of each line marked, so the
 * text reads (and is found, and copied) as the sentences it came from.
 */
export function ocrTextContent(lines: readonly PageWordLine[], view: readonly number[], rotate: number): OcrTextContent {
  const items: OcrTextItem[] = [];
  for (const line of lines) {
    line.forEach(({ text, box: [left = 0, top = 0, right = 0, bottom = 0], turned }, index) => {
      const height = bottom - top;
      // Upside down, a word starts at its box's right and its letters stand on their heads.
      const [from, to, up] = turned ? [right, left, 1] : [left, right, -1];
      const baseline = turned ? bottom - BASELINE * height : top + BASELINE * height;
      const start = pagePoint(from, baseline, view, rotate);
      const end = pagePoint(to, baseline, view, rotate);
      const above = pagePoint(from, baseline + up * height, view, rotate);
      const along = { x: end.x - start.x, y: end.y - start.y };
      const rise = { x: above.x - start.x, y: above.y - start.y };
      const width = Math.hypot(along.x, along.y);
      const size = Math.hypot(rise.x, rise.y);
      if (!(width > 0 && size > 0)) return;
      const unit = { x: along.x / width, y: along.y / width };
      const last = index === line.length - 1;
      items.push({
        str: text,
        dir: 'ltr',
        transform: [unit.x * size, unit.y * size, rise.x, rise.y, start.x, start.y],
        width,
        height: size,
        fontName: OCR_FONT,
        hasEOL: last,
      });
      if (last) return;
      // The gap to the next word, as pdf.js's own content has: find and copy see two words.
      const next = line[index + 1]!;
      const nextFrom = (turned ? next.box[2] : next.box[0]) ?? to;
      const gapEnd = pagePoint(turned ? Math.min(left, nextFrom) : Math.max(right, nextFrom), baseline, view, rotate);
      items.push({
        str: ' ',
        dir: 'ltr',
        transform: [unit.x * size, unit.y * size, rise.x, rise.y, end.x, end.y],
        width: Math.hypot(gapEnd.x - end.x, gapEnd.y - end.y),
        height: size,
        fontName: OCR_FONT,
        hasEOL: false,
      });
    });
  }
  return {
    items,
    styles: { [OCR_FONT]: { fontFamily: 'sans-serif', ascent: BASELINE, descent: BASELINE - 1, vertical: false } },
    lang: null,
  };
}
