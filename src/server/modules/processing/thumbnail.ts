import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPage, withScaledCopy, type CanvasFactory, type PageCanvas, type RenderedPage } from './render-page.js';

/** Result cards show the first page at about this width (CSS pixels). */
export const THUMBNAIL_WIDTH = 240;
const WEBP_QUALITY = 80;

export interface Thumbnail {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/png';
}

/**
 * The first page as a small image for result cards: WebP (a few KB), or PNG where this build of
 * the canvas cannot encode WebP.
 */
export async function makeThumbnail(
  document: PDFDocumentProxy,
  options: { width?: number; signal?: AbortSignal } = {},
): Promise<Thumbnail> {
  const rendered = await renderPage(document, 1, { width: options.width ?? THUMBNAIL_WIDTH }, options.signal);
  try {
    const { bytes, contentType } = await encodeImage(rendered.canvas);
    return { bytes, width: rendered.width, height: rendered.height, contentType };
  } finally {
    rendered.release();
  }
}

/**
 * The thumbnail scaled down from a page already drawn larger (the preview's page 1 image), so
 * pdf.js draws page 1 once: a second draw decodes the page's images again.
 */
export function thumbnailOf(rendered: RenderedPage, factory: CanvasFactory): Promise<Thumbnail> {
  return withScaledCopy(rendered, factory, THUMBNAIL_WIDTH, async (canvas, width, height) => ({ ...(await encodeImage(canvas)), width, height }));
}

async function encodeImage(canvas: PageCanvas): Promise<Pick<Thumbnail, 'bytes' | 'contentType'>> {
  try {
    const bytes = await canvas.encode('webp', WEBP_QUALITY);
    if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { bytes, contentType: 'image/webp' };
  } catch {
    // Fall through to PNG, which every build of the canvas encodes.
  }
  return { bytes: await canvas.encode('png'), contentType: 'image/png' };
}
