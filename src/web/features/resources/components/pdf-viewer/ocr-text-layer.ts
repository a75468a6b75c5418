import type { PageWordLine } from '@shared/page-words';
import { ocrTextContent } from './ocr-text-content';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';

/** A scan's OCR words by page number (pages absent from it keep the PDF's own text). */
export type OcrPages = ReadonlyMap<number, readonly PageWordLine[]>;

type TextContentParams = Parameters<PDFPageProxy['getTextContent']>[0];
type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/**
 * Makes the pages OCR read give their OCR words as text content, to everything that asks pdf.js
 * for a page's text: the text layer (streamTextContent) and the find controller
 * (getTextContent). So find, the highlight of a search hit, selection and copy work on a scan as
 * on a born-digital page (docs/decisions/036-ocr-text-layer.md). `words` may still be on its way:
 * text is asked for once it has come, and if it fails the pages keep the PDF's own text.
 */
export function withOcrText(pdf: Pick<PDFDocumentProxy, 'getPage'>, words: Promise<OcrPages>): void {
  const settled = words.catch((): OcrPages => new Map());
  const getPage = pdf.getPage.bind(pdf);
  const patched = new WeakSet<PDFPageProxy>();
  pdf.getPage = async (pageNumber: number) => {
    const page = await getPage(pageNumber);
    if (!patched.has(page)) {
      patched.add(page);
      giveOcrText(page, settled);
    }
    return page;
  };
}

function giveOcrText(page: PDFPageProxy, words: Promise<OcrPages>) {
  const ownContent = page.getTextContent.bind(page);
  const ownStream = page.streamTextContent.bind(page);
  const ocrContent = async (): Promise<TextContent | undefined> => {
    const lines = (await words).get(page.pageNumber);
    // Our items carry every field pdf.js's text layer and find controller read.
    return lines?.length ? (ocrTextContent(lines, page.view, page.rotate) as unknown as TextContent) : undefined;
  };
  page.getTextContent = async (params?: TextContentParams) => (await ocrContent()) ?? ownContent(params);
  page.streamTextContent = (params?: TextContentParams) => {
    let reader: ReadableStreamDefaultReader<TextContent> | undefined;
    return new ReadableStream<TextContent>({
      async start(controller) {
        const content = await ocrContent();
        if (content) {
          controller.enqueue(content);
          controller.close();
        } else {
          reader = (ownStream(params) as ReadableStream<TextContent>).getReader();
        }
      },
      async pull(controller) {
        if (!reader) return;
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader?.cancel(reason),
    }) as ReturnType<PDFPageProxy['streamTextContent']>;
  };
}
