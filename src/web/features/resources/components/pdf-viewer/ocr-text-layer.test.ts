import { describe, expect, it } from 'vitest';
import type { PageWordLine } from '@shared/page-words';
import { withOcrText, type OcrPages } from './ocr-text-layer';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';

const OWN = { items: [{ str: 'own text', hasEOL: false }], styles: {}, lang: null };
const LINES: PageWordLine[] = [[{ text: 'State', box: [0.1, 0.1, 0.2, 0.12] }, { text: "Savitch's", box: [0.22, 0.1, 0.4, 0.12] }]];

/** A document of two pages that answer with their own text, as pdf.js's page proxies do. */
function fakeDocument() {
  const pages = new Map<number, PDFPageProxy>();
  const page = (pageNumber: number) =>
    ({
      pageNumber,
      view: [0, 0, 595, 842],
      rotate: 0,
      getTextContent: async () => OWN,
      streamTextContent: () => new ReadableStream({ start: (c) => (c.enqueue(OWN), c.close()) }),
    }) as unknown as PDFPageProxy;
  const pdf = {
    getPage: async (n: number) => {
      if (!pages.has(n)) pages.set(n, page(n));
      return pages.get(n)!;
    },
  } as Pick<PDFDocumentProxy, 'getPage'>;
  return pdf;
}

/** What the text layer reads: every chunk of the stream. */
async function streamed(page: PDFPageProxy) {
  const chunks: unknown[] = [];
  const reader = page.streamTextContent().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/** The page's text as pdf.js's find controller joins it. */
async function findText(page: PDFPageProxy) {
  const { items } = await page.getTextContent();
  return items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
}

describe('withOcrText', () => {
  it('gives the pages OCR read their words, to find and to the text layer; others keep their own text', async () => {
    const pdf = fakeDocument();
    let arrive: (pages: OcrPages) => void = () => undefined;
    // The words come after the document: text is asked for once they are here.
    withOcrText(pdf, new Promise((resolve) => (arrive = resolve)));
    const [scanned, digital] = [await pdf.getPage(1), await pdf.getPage(2)];
    const text = findText(scanned);
    arrive(new Map([[1, LINES]]));
    expect(await text).toBe("State Savitch's\n");
    expect((await findText(scanned)).toLowerCase()).toContain('savitch');
    const [content] = (await streamed(scanned)) as Array<{ items: Array<{ str: string }> }>;
    expect(content!.items.map((item) => item.str)).toEqual(['State', ' ', "Savitch's"]);
    expect(await findText(digital)).toBe('own text');
    expect(await streamed(digital)).toEqual([OWN]);
    // pdf.js hands out one proxy per page: it is patched once.
    expect(await pdf.getPage(1)).toBe(scanned);
  });

  it('leaves every page its own text when the words do not come', async () => {
    const pdf = fakeDocument();
    withOcrText(pdf, Promise.reject(new Error('offline')));
    const page = await pdf.getPage(1);
    expect(await findText(page)).toBe('own text');
    expect(await streamed(page)).toEqual([OWN]);
  });
});
