import { getDocument, Util, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { PageWordLine } from '@shared/page-words';
import { ocrTextContent } from './ocr-text-content';

const LINES: PageWordLine[] = [
  [
    { text: 'Describe', box: [0.1, 0.2, 0.3, 0.23] },
    { text: 'the', box: [0.32, 0.2, 0.38, 0.23] },
    { text: 'attention', box: [0.4, 0.2, 0.6, 0.23] },
  ],
  [
    { text: 'Why', box: [0.1, 0.3, 0.18, 0.33] },
    { text: 'is', box: [0.2, 0.3, 0.24, 0.33] },
    { text: 'the', box: [0.26, 0.3, 0.32, 0.33] },
    { text: 'attention', box: [0.34, 0.3, 0.54, 0.33] },
    { text: 'needed?', box: [0.56, 0.3, 0.7, 0.33] },
  ],
];
const A4 = [0, 0, 595, 842];

/** The page's text as pdf.js's find controller reads it (PDFFindController#extractText). */
function findText(items: ReturnType<typeof ocrTextContent>['items']): string {
  return items.map((item) => item.str + (item.hasEOL ? '\n' : '')).join('');
}

/** A one-page PDF whose page has this MediaBox and /Rotate (pdf.js rebuilds the missing xref). */
async function pageOf(view: number[], rotate: number): Promise<PDFPageProxy> {
  const pdf = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [${view.join(' ')}] /Rotate ${rotate} >> endobj
trailer << /Root 1 0 R >>
%%EOF`;
  const document = await getDocument({ data: new TextEncoder().encode(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  return document.getPage(1);
}

/**
 * Where pdf.js's text layer puts an item's box (TextLayer#appendText, with the font's ascent), in
 * fractions of the page as pdf.js shows it: the layer is laid out unturned, then turned with it.
 */
function shownBox(item: ReturnType<typeof ocrTextContent>['items'][number], page: PDFPageProxy, ascent = 0.8) {
  const [x0, y0, , y1] = page.view as [number, number, number, number];
  const viewport = page.getViewport({ scale: 1 });
  const tx = Util.transform([1, 0, 0, -1, -x0, y0 + (y1 - y0)], item.transform);
  const height = Math.hypot(tx[2], tx[3]);
  const angle = Math.atan2(tx[1], tx[0]);
  const topLeft = [tx[4] + ascent * height * Math.sin(angle), tx[5] - ascent * height * Math.cos(angle)] as const;
  const bottomRight = [
    topLeft[0] + Math.cos(angle) * item.width - Math.sin(angle) * height,
    topLeft[1] + Math.sin(angle) * item.width + Math.cos(angle) * height,
  ] as const;
  // Unturned layer space (y down from the top) -> PDF space -> the page as shown.
  const corners = [topLeft, bottomRight].map(([x, y]) => viewport.convertToViewportPoint(x + x0, y1 - y));
  const xs = corners.map((c) => c[0]! / viewport.width);
  const ys = corners.map((c) => c[1]! / viewport.height);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((n) => +n.toFixed(3));
}

describe('ocrTextContent', () => {
  it('reads as the sentences it came from, so find counts each word once', () => {
    const text = findText(ocrTextContent(LINES, A4, 0).items);
    expect(text).toBe('Describe the attention\nWhy is the attention needed?\n');
    expect(text.match(/attention/g)).toHaveLength(2);
    expect(text).toMatch(/is the attention/);
  });

  it.each([0, 90, 180, 270])('lays each word over its box on a page turned %i degrees', async (rotate) => {
    const page = await pageOf([10, 20, 605, 862], rotate);
    expect(page.rotate).toBe(rotate);
    const items = ocrTextContent(LINES, page.view, page.rotate).items.filter((item) => item.str !== ' ');
    const words = LINES.flat();
    expect(items).toHaveLength(words.length);
    items.forEach((item, i) => {
      expect(shownBox(item, page)).toEqual(words[i]!.box.map((n) => +n.toFixed(3)));
    });
  });

  it.each([0, 90])('lays the words of a page read upside down over their boxes, turned, on a page turned %i degrees', async (rotate) => {
    const page = await pageOf([0, 0, 595, 842], rotate);
    // As read half a turn round: the first word stands at the right, the next to its left.
    const line: PageWordLine = [
      { text: 'Why', box: [0.8, 0.7, 0.9, 0.73], turned: true },
      { text: 'attention', box: [0.5, 0.7, 0.78, 0.73], turned: true },
    ];
    const items = ocrTextContent([line], page.view, page.rotate).items;
    expect(findText(items)).toBe('Why attention\n');
    // Upside down: the text runs half a turn round in the layer (its angle is 180 degrees).
    const [a, b] = items[0]!.transform;
    expect(Math.cos(Math.atan2(-b, a) + (rotate * Math.PI) / 180)).toBeCloseTo(-1, 5);
    items
      .filter((item) => item.str !== ' ')
      .forEach((item, i) => expect(shownBox(item, page)).toEqual(line[i]!.box.map((n) => +n.toFixed(3))));
    // The space runs from the first word's left edge to the next word's right one.
    expect(items[1]!.width).toBeCloseTo(0.02 * (rotate ? 842 : 595), 3);
  });

  it('skips boxes with no width or height', () => {
    expect(ocrTextContent([[{ text: 'x', box: [0.5, 0.5, 0.5, 0.6] }]], A4, 0).items).toEqual([]);
  });
});
