import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { installMemoryBudget, memoryBudgetExceeded } from '../resources/pdf-memory-budget.js';
import { createPageOcr, type PageOcr } from './ocr.js';
import { needsOcr, readNothing } from './ocr-text.js';
import { pdfAssetOptions } from '../resources/pdf-assets.js';
import type { ExtractedPage, ProcessingMessage, ProcessingTask, ProcessingWorkerData } from './processing.protocol.js';
import { renderPageImages } from './page-images.js';
import type { CanvasFactory } from './render-page.js';
import { makeThumbnail, thumbnailOf, type Thumbnail } from './thumbnail.js';
import { textWordLines } from './text-lines.js';
import type { PageWordLine } from '../../../shared/page-words.js';

/**
 * Processes one resource in a child process of its own (processing-worker-run.ts): each page's
 * text and word positions with pdf.js, OCR of pages without a text layer, the first-page thumbnail, the first pages
 * as preview images (page-images.ts). The runner
 * bounds this process's memory and time and kills it on overrun; pdf.js's buffers are capped
 * here too, so a bomb ends with a reason rather than a kill. A page that fails is indexed empty
 * rather than failing the whole resource.
 */
const { maxBufferBytes, ocr: ocrMode, ocrBudgetMs, ocrFromPage, ocrPageLimit, pageImagePages, pageImageBudgetMs } = JSON.parse(
  process.argv[2] ?? '{}',
) as ProcessingWorkerData;
const startedAt = Date.now();
/** No page image is started with less than this left below the memory limit: drawing and encoding a page needs room of its own. */
const PAGE_IMAGE_MEMORY_HEADROOM = 96 * 1024 * 1024;
installMemoryBudget(maxBufferBytes);

const send = (message: ProcessingMessage) => process.send!(message);

/** A page's text layer: its text to index, and its words with their boxes (text-lines.ts). */
async function pageText(document: PDFDocumentProxy, pageNumber: number): Promise<{ body: string; lines: PageWordLine[] }> {
  const page = await document.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    const body = text.replace(/[ \t]+/g, ' ').trim();
    return { body, lines: body ? textWordLines(content.items, page.getViewport({ scale: 1 }), content.styles) : [] };
  } finally {
    page.cleanup();
  }
}

async function processPdf(bytes: Uint8Array): Promise<void> {
  let document: PDFDocumentProxy;
  try {
    document = await getDocument({ data: bytes, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, ...pdfAssetOptions() }).promise;
  } catch (error) {
    if (memoryBudgetExceeded()) send({ kind: 'failed', reason: 'out of memory', outOfMemory: true });
    else send({ kind: 'failed', reason: `pdf.js could not open the file: ${(error as Error).message}` });
    return;
  }
  let ocr: PageOcr | undefined;
  try {
    const pages: ExtractedPage[] = [];
    const pageCount = document.numPages;
    let ocrPages = 0;
    for (let n = 1; n <= pageCount; n++) {
      let body = '';
      let fromOcr = false;
      let lines: ExtractedPage['lines'];
      let ocrFoundNothing = false;
      try {
        ({ body, lines } = await pageText(document, n));
      } catch {
        // A damaged page: nothing to index from its text layer; OCR may still read it.
      }
      const wanted = ocrMode === 'auto' && needsOcr(body);
      if (wanted && n < ocrFromPage) {
        pages.push({ page: n, body: '', ocr: false, readEarlier: true });
        send({ kind: 'progress', pagesDone: n, pageCount });
        continue;
      }
      const overTime = Date.now() - startedAt >= ocrBudgetMs;
      // Left to the next pass only after this one read a page: otherwise passes could hand the
      // same page on for ever; a pass out of time before its first page leaves the rest unread.
      if (wanted && (ocrPages >= ocrPageLimit || (overTime && ocrPages > 0))) {
        pages.push({ page: n, body, ocr: false, readLater: true });
        send({ kind: 'progress', pagesDone: n, pageCount });
        continue;
      }
      if (wanted && !overTime) {
        ocrPages++;
        try {
          ocr ??= createPageOcr();
          const result = await ocr.recognizePage(document, n);
          ocrFoundNothing = readNothing(result.text, body);
          if (result.text.trim()) {
            body = result.text;
            fromOcr = true;
            lines = result.lines;
          }
        } catch {
          // OCR failed on this page (it timed out, or the page does not render): leave it as is.
        }
      }
      pages.push({ page: n, body, ocr: fromOcr, ...(lines?.length ? { lines } : {}), ...(ocrFoundNothing ? { ocrFoundNothing } : {}) });
      send({ kind: 'progress', pagesDone: n, pageCount });
    }
    if (memoryBudgetExceeded()) {
      send({ kind: 'failed', reason: 'out of memory', outOfMemory: true });
      return;
    }
    send({ kind: 'text', pages });
    // OCR's engine holds much memory: given back before pages are drawn as images.
    await ocr?.close().catch(() => undefined);
    ocr = undefined;
    let thumbnailSent = false;
    const sendThumbnail = (made: Thumbnail) => {
      send({ kind: 'thumbnail', thumbnail: { bytes: new Uint8Array(made.bytes), contentType: made.contentType } });
      thumbnailSent = true;
    };
    if (pageImagePages > 0) {
      try {
        // No page is started near the time limit, or near the memory limit (the process's RSS:
        // native canvas memory is not always given back between pages): fewer page images
        // rather than a killed worker. The thumbnail comes from page 1's image: one draw.
        const stop = () => Date.now() - startedAt >= pageImageBudgetMs || process.memoryUsage.rss() >= maxBufferBytes - PAGE_IMAGE_MEMORY_HEADROOM;
        const factory = document.canvasFactory as CanvasFactory;
        await renderPageImages(document, pageImagePages, (image) => send({ kind: 'pageImage', image }), {
          stop,
          pageOne: async (rendered) => sendThumbnail(await thumbnailOf(rendered, factory)),
        });
      } catch {
        // The pages sent so far stand; the preview shows pdf.js for the rest.
      }
    }
    if (!thumbnailSent) {
      try {
        sendThumbnail(await makeThumbnail(document));
      } catch {
        // A first page that does not render: the card keeps its placeholder.
      }
    }
    send({ kind: 'done' });
  } finally {
    await ocr?.close().catch(() => undefined);
    await document.destroy().catch(() => undefined);
  }
}

// The server died (kill -9 included): nothing would read the outcome, and nothing would watch this process.
process.on('disconnect', () => process.exit(0));
// The runner ends this process once it has the outcome.
process.once('message', (task: ProcessingTask) => {
  processPdf(task.bytes).catch((error: unknown) => {
    if (memoryBudgetExceeded()) send({ kind: 'failed', reason: 'out of memory', outOfMemory: true });
    else send({ kind: 'failed', reason: `Processing failed: ${error instanceof Error ? error.message : String(error)}` });
  });
});
