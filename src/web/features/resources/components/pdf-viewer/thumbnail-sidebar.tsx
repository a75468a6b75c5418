import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../../components/ui/cn';
import { PageThumbnail } from './page-thumbnail';
import type { PDFDocumentProxy } from './pdfjs';
import type { ThemeClasses } from './viewer-theme';

interface ThumbnailSidebarProps {
  id: string;
  open: boolean;
  pdfDocument: PDFDocumentProxy | null;
  pageNumber: number;
  rotation: number;
  /** Width in percent of the viewer area (the separator keeps it within 20-80). */
  widthPercent: number;
  theme: ThemeClasses;
  className?: string;
  onSelect: (pageNumber: number) => void;
}

// US Letter until page 1 has been measured.
const LETTER_RATIO = 11 / 8.5;

/**
 * Page thumbnails in a scrolling column (more columns when the sidebar is dragged wide). Stays
 * mounted while closed, so the thumbnails already drawn are kept, and keeps the current page's
 * thumbnail in sight as the reader scrolls the pages.
 */
export function ThumbnailSidebar({
  id,
  open,
  pdfDocument,
  pageNumber,
  rotation,
  widthPercent,
  theme,
  className,
  onSelect,
}: ThumbnailSidebarProps) {
  const scrollerRef = useRef<HTMLElement>(null);
  const [pageRatio, setPageRatio] = useState(LETTER_RATIO);

  useEffect(() => {
    if (!pdfDocument) return;
    let cancelled = false;
    // Page 1 is loaded already (the viewer waits for it), so this costs no request.
    pdfDocument
      .getPage(1)
      .then((page) => {
        const viewport = page.getViewport({ scale: 1, rotation: (page.rotate + rotation) % 360 });
        if (!cancelled) setPageRatio(viewport.height / viewport.width);
      })
      // The placeholders keep the Letter shape; nothing else depends on it.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [pdfDocument, rotation]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const frame = scroller?.querySelector<HTMLElement>(`[data-thumbnail-page="${pageNumber}"]`);
    if (!open || !scroller || !frame) return;
    // Scrolls the sidebar only: scrollIntoView() would scroll the dialog and the page behind too.
    const top = frame.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const bottom = top + frame.offsetHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top - 8;
    else if (bottom > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = bottom - scroller.clientHeight + 24;
  }, [open, pageNumber]);

  return (
    <nav
      id={id}
      ref={scrollerRef}
      aria-label="Thumbnails"
      hidden={!open}
      style={{ width: `${widthPercent}%` }}
      className={cn('shrink-0 overflow-y-auto overscroll-contain', theme.sidebar, className)}
    >
      {pdfDocument ? (
        // Narrower than one 6.5rem thumbnail (a phone's sidebar), the one column shrinks to fit: never clipped.
        <ol className="grid grid-cols-[repeat(auto-fill,minmax(min(6.5rem,100%),1fr))] gap-2 p-2">
          {Array.from({ length: pdfDocument.numPages }, (_, index) => (
            <PageThumbnail
              key={index}
              pdfDocument={pdfDocument}
              pageNumber={index + 1}
              rotation={rotation}
              current={index + 1 === pageNumber}
              fallbackRatio={pageRatio}
              scrollRoot={scrollerRef}
              theme={theme}
              onSelect={onSelect}
            />
          ))}
        </ol>
      ) : null}
    </nav>
  );
}
