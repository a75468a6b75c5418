import { useCallback, useEffect, useRef, useState } from 'react';
import { pageImageSrcSet, resourcePageImageUrl } from '@shared/page-images';
import type { QuestionRegion } from '@shared/questions';
import type { Resource } from '@shared/resource';
import { cn } from '../../../components/ui/cn';

interface PageImageStripProps {
  resource: Resource & { pageImages: NonNullable<Resource['pageImages']> };
  /** The page to show first (a search hit's), when it has an image. */
  initialPage?: number;
  /** The viewer's theme ('dark' by default), so the area round the pages does not change colour at the swap. */
  light: boolean;
  /** The reader chose "Fit page" last (the viewer opens there): whole pages, not the width. */
  fitPage?: boolean;
  /** Told of the page scrolled to, so pdf.js opens there when it takes over. */
  onPageChange: (page: number) => void;
  /** Told once the first image shown has arrived (or failed): what else loads may start. */
  onFirstLoaded?: () => void;
  /** Where a question stands, outlined on its pages (the question bank). */
  outline?: readonly QuestionRegion[];
  className?: string;
}

/**
 * The preview's pages as the images processing made (issue 34), shown the moment the preview
 * opens and until pdf.js has drawn its first page: on a slow phone an image of page 1 arrives
 * long before the viewer's much larger code. Laid out as the viewer will show them (at
 * fit width, with pdf.js's borders in a wider viewer), each sized by its width and height
 * before it arrives, so nothing moves when it loads or when pdf.js takes over; the reader can
 * scroll (swipe) through every page that has an image meanwhile. Reading only: no zoom, find or
 * selection, which pdf.js brings.
 */
export function PageImageStrip({ resource, initialPage, light, fitPage = false, onPageChange, onFirstLoaded, outline, className }: PageImageStripProps) {
  const { id, pageImages } = resource;
  const firstPage = initialPage && initialPage > 1 ? initialPage : 1;
  // On a slow connection the first page's image has the line to itself: the others (and the
  // viewer's code, PreviewPages) are asked for once it is there.
  const [firstLoaded, setFirstLoaded] = useState(false);
  const handleFirstLoaded = () => {
    if (firstLoaded) return;
    setFirstLoaded(true);
    onFirstLoaded?.();
  };
  const scrollRef = useRef<HTMLDivElement>(null);
  const reportPage = useRef(onPageChange);
  reportPage.current = onPageChange;

  // A search hit's page: in view before the first paint of the images after it.
  useEffect(() => {
    const start = initialPage && initialPage > 1 ? scrollRef.current?.querySelector<HTMLElement>(`[data-page="${initialPage}"]`) : null;
    if (start && scrollRef.current) scrollRef.current.scrollTop = start.offsetTop;
  }, [initialPage]);

  const handleScroll = () => {
    const area = scrollRef.current;
    if (!area) return;
    // The page under the middle of the area is the one being read.
    const middle = area.scrollTop + area.clientHeight / 2;
    let page = 1;
    for (const image of area.querySelectorAll<HTMLElement>('[data-page]')) {
      if (image.offsetTop > middle) break;
      page = Number(image.dataset.page);
    }
    reportPage.current(page);
  };

  const contentRef = useRef<HTMLDivElement>(null);
  const boxes = useOutlineBoxes(contentRef, outline);

  const pages = Array.from({ length: pageImages.count }, (_, i) => i + 1);
  const total = Math.max(resource.pageCount, pageImages.count);
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Page images"
      tabIndex={0}
      onScroll={handleScroll}
      className={cn('@container overflow-auto overscroll-contain', light ? 'bg-slate-200' : 'bg-slate-900', className)}
    >
      {/* As pdf.js lays pages out at fit width (issue 34: every width opens there): in a narrow
          viewer (under 640 px, PHONE_VIEWER_WIDTH) no borders, the area's width, 10 px apart; wider,
          its page borders leave 20 px each side and 11 px between (it opens scrolled to the first
          page's top edge). At fit page the area's height, less 5 px and 1 px from the top with the
          borders. */}
      <div
        ref={contentRef}
        className={cn(
          'relative flex flex-col items-center gap-2.5 @min-[640px]:gap-[11px]',
          fitPage && 'h-full @min-[640px]:pt-px',
        )}
      >
        {pages.map((page) => (
          <img
            key={page}
            data-page={page}
            // The fallback for browsers without srcset; the phone's size.
            src={page === firstPage || firstLoaded ? resourcePageImageUrl(id, page, 480, pageImages.version) : undefined}
            srcSet={page === firstPage || firstLoaded ? pageImageSrcSet(id, page, pageImages.version) : undefined}
            onLoad={page === firstPage ? handleFirstLoaded : undefined}
            onError={page === firstPage ? handleFirstLoaded : undefined}
            // The page's width: the viewer's, nearly the window's.
            sizes="(min-width: 640px) calc(100vw - 6rem), 100vw"
            // Page 1's size stands for every page until each arrives: papers rarely mix sizes.
            width={pageImages.width}
            height={pageImages.height}
            alt={`Page ${page} of ${total}`}
            loading={Math.abs(page - firstPage) <= 1 ? 'eager' : 'lazy'}
            fetchPriority={page === firstPage ? 'high' : 'auto'}
            draggable={false}
            className={cn(
              'block shrink-0 bg-white shadow-sm',
              fitPage ? 'h-full w-auto @min-[640px]:h-[calc(100%-5px)]' : 'h-auto w-full @min-[640px]:w-[calc(100%-40px)]',
            )}
          />
        ))}
        {boxes.map((box, i) => (
          <div
            key={i}
            data-testid="question-outline"
            className="pointer-events-none absolute rounded bg-amber-500/10 outline-3 outline-amber-600"
            style={box}
          />
        ))}
      </div>
    </div>
  );
}

type Box = { left: number; top: number; width: number; height: number };

/** The outline's boxes in the strip's pixels, measured from the images (sized before they load) and again on resize. */
function useOutlineBoxes(contentRef: React.RefObject<HTMLDivElement | null>, outline: readonly QuestionRegion[] | undefined): Box[] {
  const [boxes, setBoxes] = useState<Box[]>([]);
  const measure = useCallback(() => {
    const content = contentRef.current;
    if (!content || !outline?.length) return setBoxes([]);
    setBoxes(
      outline.flatMap(({ page, box: [left = 0, top = 0, right = 1, bottom = 1] }) => {
        const image = content.querySelector<HTMLElement>(`[data-page="${page}"]`);
        if (!image) return [];
        const [x, y, w, h] = [image.offsetLeft, image.offsetTop, image.offsetWidth, image.offsetHeight];
        const pad = 3;
        return [{ left: x + left * w - pad, top: y + top * h - pad, width: (right - left) * w + 2 * pad, height: (bottom - top) * h + 2 * pad }];
      }),
    );
  }, [contentRef, outline]);
  useEffect(() => {
    measure();
    const content = contentRef.current;
    if (!content || !outline?.length) return;
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [measure, contentRef, outline]);
  return boxes;
}
