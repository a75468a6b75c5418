import type { PageWordLine } from '../../../shared/page-words.js';
import type { PageImage } from './page-images.js';

/** What the runner gives a new processing worker (one child process per resource), as its argument in JSON. */
export interface ProcessingWorkerData {
  /** Cap on pdf.js's binary buffers (pdf-memory-budget.ts); the JS heap has resourceLimits. */
  maxBufferBytes: number;
  ocr: 'auto' | 'off';
  /**
   * OCR starts no new page after this long (ms since the worker started), so a long scan ends
   * with the text read so far instead of overrunning the time limit and losing everything.
   */
  ocrBudgetMs: number;
  /** Pages needing OCR before this one were read in an earlier pass (1 = none). */
  ocrFromPage: number;
  /** Pages OCR may read in this pass; those after are left for a later pass. */
  ocrPageLimit: number;
  /** Pages rendered as preview images (page-images.ts); 0 = none (a later OCR pass keeps the first pass's). */
  pageImagePages: number;
  /** No page image is started after this long (ms since the worker started), so the time limit is not overrun. */
  pageImageBudgetMs: number;
}

/** Runner -> worker: the PDF's bytes (copied over IPC). */
export interface ProcessingTask {
  bytes: Uint8Array;
}

export interface ExtractedPage {
  /** 1-based. */
  page: number;
  body: string;
  ocr: boolean;
  /**
   * The page's words with their boxes, line by line: OCR's on pages it read, pdf.js's text layer
   * (text-lines.ts) on born-digital pages; absent when the page has no text. Only OCR pages' are
   * stored as page words (the viewer has pdf.js's own layer for the others).
   */
  lines?: PageWordLine[];
  /** OCR ran on this page and found (almost) no text: a blank page, or one it cannot read. */
  ocrFoundNothing?: boolean;
  /** Needs OCR and was read in an earlier pass: its indexed text stands (body is empty here). */
  readEarlier?: boolean;
  /** Needs OCR and is left for a later pass (this pass's page or time budget is spent). */
  readLater?: boolean;
}

/** Worker -> runner. `failed` is the file's fault (pdf.js cannot open it): not retried. */
export type ProcessingMessage =
  | { kind: 'progress'; pagesDone: number; pageCount: number }
  /** Every page's text, sent before the thumbnail is drawn: a first page that kills the worker keeps them. */
  | { kind: 'text'; pages: ExtractedPage[] }
  /** The first-page thumbnail, sent before the page images: a page that kills the worker then keeps it. */
  | { kind: 'thumbnail'; thumbnail: { bytes: Uint8Array; contentType: 'image/webp' | 'image/png' } }
  /** One page's preview images, in page order from 1, sent after the text and before `done`. */
  | { kind: 'pageImage'; image: PageImage }
  | {
      kind: 'done';
      thumbnail?: { bytes: Uint8Array; contentType: 'image/webp' | 'image/png' };
    }
  | { kind: 'failed'; reason: string; outOfMemory?: boolean };
