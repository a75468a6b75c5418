import { describe, expect, it } from 'vitest';
import type { PageWordLine } from '../../../shared/page-words.js';
import { serializePdf } from '../../../../tests/support/pdf-fixture.js';
import { openPdf } from '../../../../tests/support/scanned-pdf.js';
import { textWordLines } from './text-lines.js';

/** A one-page PDF (A4, Helvetica as F1) whose content stream is `content`, turned by `rotate`. */
function pagePdf(content: string, rotate = 0): Buffer {
  const objects: Buffer[] = [];
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>');
  objects[3] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects[4] = Buffer.from(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Rotate ${rotate} /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>`,
  );
  objects[5] = Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  return serializePdf(objects);
}

async function linesOf(pdf: Buffer): Promise<PageWordLine[]> {
  const document = await openPdf(pdf);
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    return textWordLines(content.items, page.getViewport({ scale: 1 }), content.styles);
  } finally {
    await document.destroy();
  }
}

const texts = (lines: PageWordLine[]) => lines.map((line) => line.map((word) => word.text).join(' '));

describe('textWordLines', () => {
  it('groups runs into lines by baseline, top to bottom, and cuts them into words with boxes on the page', async () => {
    // Drawn out of order: the lower line first, the marks after their line, "Q" and "1." as two
    // runs, a superscript 2 raised off the baseline just after "stack.".
    const lines = await linesOf(
      pagePdf(
        [
          'BT /F1 12 Tf 72 700 Td (Second line here) Tj ET',
          'BT /F1 12 Tf 72 742 Td (Q) Tj (1. Define a stack.) Tj ET',
          'BT /F1 9 Tf 480 742 Td ([5 marks]) Tj ET',
          'BT /F1 7 Tf 150 744 Td (2) Tj ET',
        ].join('\n'),
      ),
    );
    expect(texts(lines)).toEqual(['Q1. Define a stack.2 [5 marks]', 'Second line here']);
    const [q1, , , , , marks] = lines[0]!;
    expect(q1!.text).toBe('Q1.');
    expect(q1!.box[0]).toBeCloseTo(72 / 595, 3);
    // The baseline at 842 - 742 = 100 pt from the top; the box spans ascent over, descent under it.
    expect(q1!.box[1]).toBeLessThan(100 / 842);
    expect(q1!.box[3]).toBeGreaterThan(100 / 842);
    expect(q1!.box[1]).toBeGreaterThan(85 / 842);
    expect(q1!.box[3]).toBeLessThan(105 / 842);
    // Word boxes follow each other along the line without overlapping.
    const words = lines[0]!;
    for (let i = 1; i < words.length; i++) expect(words[i]!.box[0]).toBeGreaterThanOrEqual(words[i - 1]!.box[2]! - 0.002);
    expect(marks!.text).toBe('marks]');
    expect(marks!.box[2]).toBeLessThan(540 / 595);
    expect(marks!.box[2]).toBeGreaterThan(510 / 595);
    expect(lines[1]![0]!.box[1]).toBeGreaterThan(q1!.box[3]!);
  });

  it('measures a page with /Rotate 90 as it is shown: landscape, its text upright', async () => {
    // On a page turned a quarter clockwise, text running up the unturned page reads left to right.
    const lines = await linesOf(pagePdf('BT /F1 12 Tf 0 1 -1 0 300 100 Tm (Rotated page text) Tj ET', 90));
    expect(texts(lines)).toEqual(['Rotated page text']);
    const [first, , last] = lines[0]!;
    // Shown 842 wide and 595 high; the run starts 100 pt from the left, its baseline 300 pt down.
    expect(first!.box[0]).toBeCloseTo(100 / 842, 3);
    expect(first!.box[1]).toBeLessThan(300 / 595);
    expect(first!.box[3]).toBeGreaterThan(300 / 595);
    expect(first!.box[3]! - first!.box[1]!).toBeLessThan(20 / 595);
    expect(last!.box[0]).toBeGreaterThan(first!.box[2]!);
  });

  it('marks text standing upside down as turned, its words in its own reading order', async () => {
    const lines = await linesOf(pagePdf('BT /F1 12 Tf -1 0 0 -1 400 400 Tm (upside down) Tj ET\nBT /F1 12 Tf 72 742 Td (upright and longer) Tj ET'));
    // The page's main direction is read first.
    expect(texts(lines)).toEqual(['upright and longer', 'upside down']);
    const [upside, down] = lines[1]!;
    expect(upside).toMatchObject({ turned: true });
    // Read right to left on the page: "upside" stands right of "down".
    expect(upside!.box[0]).toBeGreaterThan(down!.box[2]!);
  });

  it('reads nothing from a page without text', () => {
    expect(textWordLines([{ str: ' ', transform: [1, 0, 0, 1, 0, 0], width: 3 }], { width: 10, height: 10, transform: [1, 0, 0, -1, 0, 10] })).toEqual([]);
  });
});
