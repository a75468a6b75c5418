import { useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../../../components/ui/cn';
import { isRenderingCancelled, type PDFDocumentProxy, type RenderTask } from './pdfjs';
import type { ThemeClasses } from './viewer-theme';

/** CSS width a thumbnail is drawn for; it is shown at most this wide, so it never looks blurred. */
export const THUMBNAIL_WIDTH = 160;

interface PageThumbnailProps {
  pdfDocument: PDFDocumentProxy;
  pageNumber: number;
  /** The viewer's rotation, added to the page's own. */
  rotation: number;
  current: boolean;
  /** Height / width of page 1: the placeholder's shape until this page has been measured. */
  fallbackRatio: number;
  /** The scrolling sidebar: a thumbnail renders once it comes near its visible part. */
  scrollRoot: RefObject<HTMLElement | null>;
  theme: ThemeClasses;
  onSelect: (pageNumber: number) => void;
}

/**
 * One page as a small canvas, rendered only when it scrolls into view: a 500-page file costs
 * nothing until the user scrolls through the sidebar, and its bytes are fetched only then.
 */
export function PageThumbnail({
  pdfDocument,
  pageNumber,
  rotation,
  current,
  fallbackRatio,
  scrollRoot,
  theme,
  onSelect,
}: PageThumbnailProps) {
  const frameRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [ratio, setRatio] = useState<number | null>(null);
  // The rotation the canvas shows; a thumbnail out of view is brought up to date when it returns.
  const drawnRotation = useRef<number | null>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      root: scrollRoot.current,
      rootMargin: '300px 0px',
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [scrollRoot]);

  useEffect(() => {
    if (!near || drawnRotation.current === rotation) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    pdfDocument
      .getPage(pageNumber)
      .then((page) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const angle = (page.rotate + rotation) % 360;
        const natural = page.getViewport({ scale: 1, rotation: angle });
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (THUMBNAIL_WIDTH / natural.width) * pixelRatio, rotation: angle });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        setRatio(natural.height / natural.width);
        task = page.render({ canvas, viewport });
        return task.promise.then(() => {
          drawnRotation.current = rotation;
        });
      })
      .catch((error: unknown) => {
        // A thumbnail that cannot be drawn stays a blank frame; the page itself shows pdf.js's error.
        if (!cancelled && !isRenderingCancelled(error) && import.meta.env.DEV) console.warn(error);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, rotation, pdfDocument, pageNumber]);

  return (
    <li>
      <button
        type="button"
        aria-label={`Page ${pageNumber}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => onSelect(pageNumber)}
        className="group flex w-full flex-col items-center gap-1 rounded-md p-1"
      >
        <span
          ref={frameRef}
          // The shape is set through element.style, which our CSP allows (a style attribute is not).
          style={{ aspectRatio: `1 / ${ratio ?? fallbackRatio}` }}
          className={cn(
            'relative block w-full max-w-40 overflow-hidden rounded-sm border-2 bg-white transition-colors',
            current ? theme.thumbnailCurrent : theme.thumbnail,
          )}
          data-thumbnail-page={pageNumber}
        >
          <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 size-full" />
        </span>
        <span className={cn('text-xs tabular-nums', current ? 'font-semibold' : theme.muted)}>{pageNumber}</span>
      </button>
    </li>
  );
}
