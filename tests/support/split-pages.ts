import { textWordLines } from '../../src/server/modules/processing/text-lines.js';
import type { SplitPage } from '../../src/server/modules/questions/question-split.js';
import { openPdf } from './scanned-pdf.js';

/**
 * A born-digital PDF's pages as processing hands them to the question splitter: each page's
 * pdf.js text read into word lines (text-lines.ts), page by page.
 */
export async function splitPagesOf(pdf: Buffer): Promise<SplitPage[]> {
  const document = await openPdf(pdf);
  try {
    const pages: SplitPage[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push({ page: n, lines: textWordLines(content.items, page.getViewport({ scale: 1 }), content.styles) });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
