import type { PDFViewer } from './pdfjs';
import { clampScale } from './viewer-settings';

// How long pdf.js shows the stretched pages before drawing them sharp at the new scale.
const REDRAW_DELAY_MS = 400;

function distance(touches: TouchList): number {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

function midpoint(touches: TouchList): [number, number] {
  const [a, b] = [touches[0]!, touches[1]!];
  return [(a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2];
}

/**
 * Two-finger pinch zoom on the pages, as pdf.js's own app does it (its PDFViewer has no touch
 * handling of its own): the pages' CSS `touch-action: pan-x pan-y` (pdf-viewer.css) stops the
 * browser from zooming the whole page, and each move asks pdf.js for the scale the fingers
 * describe, about the point between them; pdf.js stretches the drawn pages at once and redraws
 * them sharp once the fingers rest. The scale stays within SPEC.md's 50-400 %.
 */
export function listenForPinch(container: HTMLElement, viewer: PDFViewer, signal: AbortSignal) {
  let start: { distance: number; scale: number } | null = null;

  container.addEventListener(
    'touchstart',
    (event) => {
      if (event.touches.length !== 2 || !viewer.pdfDocument) return;
      start = { distance: distance(event.touches), scale: viewer.currentScale };
    },
    { signal, passive: true },
  );
  container.addEventListener(
    'touchmove',
    (event) => {
      if (!start || event.touches.length !== 2) return;
      // Not passive: a pinch must not also scroll the pages.
      event.preventDefault();
      const target = clampScale(start.scale * (distance(event.touches) / start.distance));
      // pdf.js rounds scales to hundredths: smaller steps would be lost, and redraw for nothing.
      if (Math.abs(target - viewer.currentScale) < 0.01) return;
      viewer.updateScale({ drawingDelay: REDRAW_DELAY_MS, scaleFactor: target / viewer.currentScale, origin: midpoint(event.touches) });
    },
    { signal, passive: false },
  );
  const end = (event: TouchEvent) => {
    if (event.touches.length < 2) start = null;
  };
  container.addEventListener('touchend', end, { signal, passive: true });
  container.addEventListener('touchcancel', end, { signal, passive: true });
}
