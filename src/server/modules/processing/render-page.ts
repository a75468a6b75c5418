import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The parts of an `@napi-rs/canvas` Canvas we use. The canvas always comes from pdf.js's own
 * canvas factory: importing `@napi-rs/canvas` here could load a second copy of the native module,
 * and pdf.js then throws "not a valid enum value of type CanvasFillRule" while drawing.
 */
export interface PageCanvas {
  width: number;
  height: number;
  /** Encodes off the JavaScript thread (libuv pool). Quality 0-100, for lossy formats. */
  encode(format: 'png' | 'webp' | 'jpeg', quality?: number): Promise<Buffer>;
}

export interface CanvasAndContext {
  canvas: PageCanvas | null;
  context: CanvasRenderingContext2D | null;
}

/** pdf.js's NodeCanvasFactory (typed as a bare Object in pdfjs-dist). */
export interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/**
 * Either a target width in pixels (at most `maxScale`) or a scale (1 = 72 dpi, one pixel per
 * PDF point).
 */
export type RenderSize = { width: number; maxScale?: number } | { scale: number };

export interface RenderedPage {
  canvas: PageCanvas;
  width: number;
  height: number;
  /** The scale used (pixels per PDF point; dpi = scale x 72). */
  scale: number;
  /** Frees the pixels now (a 300 dpi A4 page holds ~35 MB) instead of waiting for the GC. */
  release(): void;
}

/**
 * A crafted MediaBox can ask for a canvas of gigapixels; the longest side is capped (at 300 dpi
 * this still fits an A3 page) so a page never takes more than ~4700 x 4700 x 4 bytes.
 */
export const MAX_SIDE_PX = 4700;

/**
 * Renders one page (1-based) to a canvas from pdf.js's own factory, on a white background, as
 * the viewer shows it. The caller must call `release()` when done, also on error paths (use
 * try/finally). `signal` cancels a render that is slow between steps; it cannot stop pdf.js
 * when a crafted page keeps the thread busy (operator_list_cycle.pdf loops, allocating until the
 * heap is full), so run this in a worker thread with `resourceLimits` and a deadline that
 * terminates it.
 */
export async function renderPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  size: RenderSize,
  signal?: AbortSignal,
): Promise<RenderedPage> {
  const page = await document.getPage(pageNumber);
  try {
    const unit = page.getViewport({ scale: 1 });
    let scale = 'width' in size ? Math.min(size.width / unit.width, size.maxScale ?? Infinity) : size.scale;
    scale = Math.min(scale, MAX_SIDE_PX / Math.max(unit.width, unit.height));
    if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`Page ${pageNumber} has no usable size`);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));

    const factory = document.canvasFactory as CanvasFactory;
    const target = factory.create(width, height);
    const release = () => {
      if (target.canvas) factory.destroy(target);
    };
    try {
      const task = page.render({ canvas: null, canvasContext: target.context!, viewport });
      const cancel = () => task.cancel();
      signal?.throwIfAborted();
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        await task.promise;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
      return { canvas: target.canvas!, width, height, scale, release };
    } catch (error) {
      release();
      throw error;
    }
  } finally {
    // Drops the page's operator list and decoded images; the canvas keeps the pixels.
    page.cleanup();
  }
}

/**
 * Draws `rendered` scaled down to `width` (never up) on a canvas of its own, hands it to `use`,
 * then frees it: cheaper than a second pdf.js draw, and as sharp.
 */
export async function withScaledCopy<T>(
  rendered: RenderedPage,
  factory: CanvasFactory,
  width: number,
  use: (canvas: PageCanvas, width: number, height: number) => Promise<T>,
): Promise<T> {
  const scaledWidth = Math.min(width, rendered.width);
  const height = Math.max(1, Math.round((rendered.height * scaledWidth) / rendered.width));
  const target = factory.create(scaledWidth, height);
  try {
    const context = target.context!;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(rendered.canvas as unknown as CanvasImageSource, 0, 0, scaledWidth, height);
    return await use(target.canvas!, scaledWidth, height);
  } finally {
    factory.destroy(target);
  }
}
