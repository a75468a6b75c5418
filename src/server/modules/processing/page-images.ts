import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PAGE_IMAGE_WIDTHS } from '../../../shared/page-images.js';
import { renderPage, withScaledCopy, type CanvasFactory, type PageCanvas, type RenderedPage } from './render-page.js';

/** Text pages stay sharp at this quality, and the files stay small enough for a phone to fetch. */
const WEBP_QUALITY = 75;

/** One page's images, one per PAGE_IMAGE_WIDTHS width, smallest first. */
export interface PageImage {
  /** 1-based. */
  page: number;
  /**
   * `width` is the nominal width (the key's); the pixels are that wide unless the page was capped
   * narrower (a page far taller than wide, MAX_SIDE_PX).
   */
  images: Array<{ width: number; pixelWidth: number; pixelHeight: number; bytes: Uint8Array }>;
}

export interface PageImageOptions {
  /** Asked before each page: true stops (the worker's time or memory is nearly spent). */
  stop?: () => boolean;
  /** Given page 1 as drawn, before its images are encoded (the thumbnail is made from it). */
  pageOne?: (rendered: RenderedPage) => Promise<void>;
}

/**
 * Renders pages 1..`maxPages` as WebP at each of PAGE_IMAGE_WIDTHS (issue 34), handing each page
 * to `onPage` as soon as it is encoded, so a worker killed on page 30 still gives pages 1-29.
 * The page is drawn once, at the largest width, and scaled down for the smaller ones. Stops
 * before a page when `stop()` says so, at the first page that does not render (the preview needs
 * pages 1..count without gaps), and at once when this canvas cannot encode WebP.
 * Returns how many pages were made.
 */
export async function renderPageImages(
  document: PDFDocumentProxy,
  maxPages: number,
  onPage: (image: PageImage) => void,
  { stop = () => false, pageOne }: PageImageOptions = {},
): Promise<number> {
  const last = Math.min(document.numPages, maxPages);
  const largest = Math.max(...PAGE_IMAGE_WIDTHS);
  const factory = document.canvasFactory as CanvasFactory;
  let made = 0;
  for (let page = 1; page <= last && !stop(); page++) {
    let rendered;
    try {
      rendered = await renderPage(document, page, { width: largest });
    } catch {
      break;
    }
    try {
      if (page === 1) await pageOne?.(rendered);
      const images: PageImage['images'] = [];
      for (const width of PAGE_IMAGE_WIDTHS) {
        // The largest width, or a page capped narrower (MAX_SIDE_PX), is the drawn canvas itself.
        const image =
          width >= rendered.width
            ? { width, pixelWidth: rendered.width, pixelHeight: rendered.height, bytes: await encodeWebp(rendered.canvas) }
            : await withScaledCopy(rendered, factory, width, async (canvas, pixelWidth, pixelHeight) => ({ width, pixelWidth, pixelHeight, bytes: await encodeWebp(canvas) }));
        images.push(image);
      }
      onPage({ page, images });
      made++;
    } catch (error) {
      if (error instanceof NoWebpError) break;
      throw error;
    } finally {
      rendered.release();
    }
  }
  return made;
}

class NoWebpError extends Error {}

async function encodeWebp(canvas: PageCanvas): Promise<Uint8Array> {
  const bytes = await canvas.encode('webp', WEBP_QUALITY);
  // Builds of the canvas without WebP answer with other bytes: no page images then (PNG would be several times larger).
  if (bytes.subarray(8, 12).toString('latin1') !== 'WEBP') throw new NoWebpError('This canvas cannot encode WebP');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
