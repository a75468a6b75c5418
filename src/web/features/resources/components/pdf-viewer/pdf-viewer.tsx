import type { QuestionRegion } from '@shared/questions';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../../components/ui/cn';
import { SplitSeparator } from './split-separator';
import { ThumbnailSidebar } from './thumbnail-sidebar';
import { useFullScreen, type FullScreen } from './use-full-screen';
import { usePdfViewer, type LoadStatus, type ViewerStart } from './use-pdf-viewer';
import { PHONE_VIEWER_WIDTH, SPLIT_DEFAULT, SPLIT_NARROW, type ViewerTheme } from './viewer-settings';
import { readSetting, storeSetting, THEME_STORAGE_KEY } from './viewer-storage';
import { ErrorOverlay, LoadingOverlay } from './viewer-status';
import { THEMES, type ThemeClasses } from './viewer-theme';
import { ViewerToolbar } from './viewer-toolbar';

/** What the preview modal passes in. */
export interface PdfViewerProps {
  /** Same-origin URL of the PDF, e.g. /api/resources/<id>/file. The server answers Range requests with 206 and sends Accept-Ranges: bytes, Content-Length, no Content-Encoding. */
  url: string;
  /** Accessible name for the viewer region, e.g. the resource's subject. */
  title: string;
  /** 1-based page to open on (a search hit's page); the first page when unset or out of range. */
  initialPage?: number;
  /** Words to find and highlight when the document opens, from `initialPage` on. */
  highlight?: readonly string[];
  /** Where a question stands, outlined on its pages (the question bank). */
  outline?: readonly QuestionRegion[];
  /** Called with the page on screen as the reader moves through the document. */
  onPageChange?: (page: number) => void;
  /** The resource's id when OCR read some of its pages (Resource.scanned): their text layer. */
  scannedResourceId?: string;
  /**
   * Called as the viewer goes from loading to ready (page 1 drawn) or error, with a way to move
   * to a page: the preview's page images stand in until ready, and hand over the page they show.
   */
  onStatusChange?: (status: LoadStatus, goToPage: (page: number) => void) => void;
}

// Remembered across previews: a reader who chose light wants it on the next file too.
function readTheme(): ViewerTheme {
  return readSetting(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

/**
 * The resource preview's PDF viewer: pdf.js's own viewer (range loading, text layer, search
 * highlighting) under a toolbar with page, zoom, thumbnails, search, rotate, scroll mode and
 * theme controls, and full-screen reading; dark by default, filling its container. Load it lazily, e.g.
 * `lazy(() => import('.../pdf-viewer/pdf-viewer'))`: pdf.js must not weigh on any other page.
 */
export function PdfViewer({ url, title, initialPage, highlight, outline, onPageChange, scannedResourceId, onStatusChange }: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const [themeName, setThemeName] = useState<ViewerTheme>(readTheme);
  const rootRef = useRef<HTMLElement>(null);
  const theme = THEMES[themeName];

  const toggleTheme = useCallback(() => {
    const next = themeName === 'dark' ? 'light' : 'dark';
    setThemeName(next);
    storeSetting(THEME_STORAGE_KEY, next);
  }, [themeName]);

  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
    // The Retry button disappears; focus goes to the viewer rather than to the top of the page.
    rootRef.current?.focus();
  }, []);

  const fullScreen = useFullScreen(rootRef);

  return (
    <section
      ref={rootRef}
      aria-label={title}
      tabIndex={-1}
      onKeyDown={fullScreen.onKeyDown}
      // The viewer fills the height its dialog leaves it; in full-screen reading the whole screen
      // (the browser's full screen sizes it; without one it is laid over the viewport).
      className={cn(
        'pdf-viewer-root @container relative flex min-h-0 flex-col',
        fullScreen.on ? 'rounded-none' : 'flex-1 rounded-lg border',
        fullScreen.on && !fullScreen.native && 'fixed inset-0 z-50',
        theme.root,
      )}
    >
      {/* A new key per URL and per retry: a fresh pdf.js viewer, nothing kept from the last one. */}
      <ViewerSession
        key={`${attempt}:${url}`}
        url={url}
        start={{ page: initialPage, terms: highlight, outline }}
        theme={theme}
        themeName={themeName}
        onToggleTheme={toggleTheme}
        onRetry={retry}
        onPageChange={onPageChange}
        scannedResourceId={scannedResourceId}
        fullScreen={fullScreen}
        onStatusChange={onStatusChange}
      />
    </section>
  );
}

interface ViewerSessionProps {
  url: string;
  start: ViewerStart;
  theme: ThemeClasses;
  themeName: ViewerTheme;
  onToggleTheme: () => void;
  onRetry: () => void;
  onPageChange?: (page: number) => void;
  scannedResourceId?: string;
  onStatusChange?: PdfViewerProps['onStatusChange'];
  fullScreen: FullScreen;
}

// The address follows the page once the reader has stopped on it, not every page scrolled past.
const PAGE_REPORT_DELAY_MS = 400;

function ViewerSession({ url, start, theme, themeName, onToggleTheme, onRetry, onPageChange, scannedResourceId, onStatusChange, fullScreen }: ViewerSessionProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const sidebarId = useId();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [split, setSplit] = useState(SPLIT_DEFAULT);
  const controller = usePdfViewer(url, containerRef, viewerRef, start, scannedResourceId);
  const { status, pageNumber } = controller;
  const reportPage = useRef(onPageChange);
  reportPage.current = onPageChange;
  const reportStatus = useRef(onStatusChange);
  reportStatus.current = onStatusChange;
  const goToPage = controller.goToPage;

  useEffect(() => {
    reportStatus.current?.(status, goToPage);
  }, [status, goToPage]);

  useEffect(() => {
    if (status !== 'ready') return;
    const timer = window.setTimeout(() => reportPage.current?.(pageNumber), PAGE_REPORT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, pageNumber]);

  const selectPage = (pageNumber: number) => {
    controller.goToPage(pageNumber);
    // Over the pages (narrow viewer) the sidebar hides the page just chosen: close it, and put
    // focus on the pages, as the thumbnail that had it disappears.
    const sidebar = areaRef.current?.querySelector('nav');
    if (sidebar && getComputedStyle(sidebar).position === 'absolute') {
      setSidebarOpen(false);
      containerRef.current?.focus();
    }
  };

  return (
    <>
      <ViewerToolbar
        controller={controller}
        theme={theme}
        sidebarOpen={sidebarOpen}
        sidebarId={sidebarId}
        onToggleSidebar={() => {
          const narrow = (areaRef.current?.clientWidth ?? 0) < PHONE_VIEWER_WIDTH;
          if (!sidebarOpen && narrow && split === SPLIT_DEFAULT) setSplit(SPLIT_NARROW);
          setSidebarOpen((open) => !open);
        }}
        initialTerms={start.terms}
        fullScreen={fullScreen}
        secondary={{
          scrollMode: controller.scrollMode,
          themeName,
          onRotate: controller.rotate,
          onScrollMode: controller.setScrollMode,
          onToggleTheme,
        }}
      />
      <div ref={areaRef} className="relative flex min-h-0 flex-1 overflow-hidden rounded-b-lg">
        {/* Side by side in a wide viewer; over the pages in a narrow one, where a 20 % column
            beside them would leave neither readable. The 20-80 % bounds hold in both. */}
        <ThumbnailSidebar
          id={sidebarId}
          open={sidebarOpen && controller.status === 'ready'}
          pdfDocument={controller.pdfDocument}
          pageNumber={controller.pageNumber}
          rotation={controller.rotation}
          widthPercent={split}
          theme={theme}
          onSelect={selectPage}
          className="absolute inset-y-0 left-0 z-20 shadow-2xl @2xl:static @2xl:shadow-none"
        />
        {sidebarOpen && controller.status === 'ready' ? (
          <div style={{ left: `${split}%` }} className="absolute inset-y-0 z-20 flex @2xl:static">
            <SplitSeparator
              value={split}
              onChange={setSplit}
              areaRef={areaRef}
              controls={sidebarId}
              className={theme.separator}
            />
          </div>
        ) : null}
        <div className="relative min-w-0 flex-1">
          {/* pdf.js requires an absolutely positioned scroll container around its viewer element. */}
          <div
            ref={containerRef}
            role="region"
            aria-label="Pages"
            tabIndex={0}
            className={cn('pdf-viewer-pages absolute inset-0 overflow-auto', theme.pages)}
          >
            <div ref={viewerRef} className="pdfViewer" />
          </div>
          {controller.status === 'loading' ? <LoadingOverlay theme={theme} progress={controller.progress} /> : null}
          {controller.status === 'error' ? <ErrorOverlay theme={theme} onRetry={onRetry} /> : null}
        </div>
      </div>
    </>
  );
}

export default PdfViewer;
