import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PAGE_IMAGE_WIDTHS } from '../../../shared/page-images.js';
import { renderPage, type CanvasFactory } from './render-page.js';

/** Text pages stay sharp at this quality; a 1024 px page is ~40-120 KB, a 480 px one a quarter. */
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

/**
 * Renders pages 1..`maxPages` as WebP at each of PAGE_IMAGE_WIDTHS (issue 34), handing each page
 * to `onPage` as soon as it is encoded, so a worker killed on page 30 still gives pages 1-29.
 * The page is drawn once, at the largest width, and scaled down for the smaller ones (cheaper
 * than a second pdf.js render, and as sharp). Stops before a page when `stop()` says so (the
 * worker's time is nearly spent), at the first page that does not render (the preview needs
 * pages 1..count without gaps), and at once when this canvas cannot encode WebP.
 * Returns how many pages were made.
 */
export async function renderPageImages(
  document: PDFDocumentProxy,
  maxPages: number,
  onPage: (image: PageImage) => void,
  stop: () => boolean = () => false,
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
      const images: PageImage['images'] = [];
      for (const width of PAGE_IMAGE_WIDTHS) {
        if (width >= rendered.width) {
          // The largest width, or a page capped narrower (MAX_SIDE_PX): the drawn canvas itself.
          images.push({ width, pixelWidth: rendered.width, pixelHeight: rendered.height, bytes: await encodeWebp(rendered.canvas) });
          continue;
        }
        const height = Math.max(1, Math.round((rendered.height * width) / rendered.width));
        const target = factory.create(width, height);
        try {
          const context = target.context!;
          context.imageSmoothingEnabled = true;
          context.imageSmoothingQuality = 'high';
          context.drawImage(rendered.canvas as unknown as CanvasImageSource, 0, 0, width, height);
          images.push({ width, pixelWidth: width, pixelHeight: height, bytes: await encodeWebp(target.canvas!) });
        } finally {
          factory.destroy(target);
        }
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

async function encodeWebp(canvas: { encode(format: 'webp', quality: number): Promise<Buffer> }): Promise<Uint8Array> {
  const bytes = await canvas.encode('webp', WEBP_QUALITY);
  // Builds of the canvas without WebP answer with other bytes: no page images then (PNG would be several times larger).
  if (bytes.subarray(8, 12).toString('latin1') !== 'WEBP') throw new NoWebpError('This canvas cannot encode WebP');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
