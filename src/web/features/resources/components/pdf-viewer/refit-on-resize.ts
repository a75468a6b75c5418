import type { PDFViewer } from './pdfjs';

/**
 * pdf.js computes a fit once; when the pages' area changes size (full-screen reading, a phone
 * turned) the fit in force is applied again, so "Fit width" stays the width.
 */
export function refitOnResize(container: HTMLElement, viewer: PDFViewer, signal: AbortSignal) {
  let width = container.clientWidth;
  let height = container.clientHeight;
  const observer = new ResizeObserver(() => {
    if (container.clientWidth === width && container.clientHeight === height) return;
    width = container.clientWidth;
    height = container.clientHeight;
    // Hidden (a preview closing): pdf.js could not scroll to the page, and says so in the console.
    if (!container.offsetParent || width === 0 || height === 0) return;
    const fit = viewer.currentScaleValue;
    if (viewer.pdfDocument && (fit === 'page-width' || fit === 'page-fit')) viewer.currentScaleValue = fit;
  });
  observer.observe(container);
  signal.addEventListener('abort', () => observer.disconnect());
}
