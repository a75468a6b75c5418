import type { QuestionRegion } from '@shared/questions';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  AnnotationEditorType,
  AnnotationMode,
  closePdf,
  EventBus,
  GenericL10n,
  LinkTarget,
  openPdf,
  PDFFindController,
  PDFJS_IMAGES_URL,
  PDFLinkService,
  PDFViewer,
  ScrollMode,
  type PDFDocumentProxy,
} from './pdfjs';
import { initialZoom, PHONE_VIEWER_WIDTH, SCROLL_MODES, type FindStatus, type ScrollModeKey, type ZoomChoice } from './viewer-settings';
import { readSetting, storeSetting, ZOOM_STORAGE_KEY } from './viewer-storage';
import { fetchPageWords } from '../../api/get-page-words';
import { withOcrText } from './ocr-text-layer';
import { outlineOnPages } from './question-outline';
import { listenForPinch } from './pinch-zoom';
import { refitOnResize } from './refit-on-resize';
import { skipScrollWhileHidden, stopDrawingOnAbort, trackPageRequests } from './quiet-close';
import { dispatchFind, IDLE_FIND, keepOuterScroll, listen, listenForFindStatus, type FindOptions, type FindQuery } from './viewer-find';

export type { FindQuery } from './viewer-find';

/** SPEC.md's preview states: loading -> loaded or error (Retry starts a new viewer). */
export type LoadStatus = 'loading' | 'ready' | 'error';

/**
 * Loading, or drawing the first page, counts as failed after this long without a byte arriving:
 * some files never finish drawing (operator_list_cycle.pdf), and "Loading PDF..." must not stay
 * for good. Progress restarts the clock, so a big file on a slow connection is not cut off.
 */
export const LOAD_TIME_LIMIT_MS = 25_000;

/** What the toolbar and the thumbnails read, and the commands they give. */
export interface PdfViewerController {
  status: LoadStatus;
  pdfDocument: PDFDocumentProxy | null;
  pagesCount: number;
  pageNumber: number;
  scale: number;
  /** pdf.js's named zoom in force ('page-width', 'page-fit'), or null for a plain scale. */
  zoomPreset: string | null;
  /** Bytes of the file received so far, and its size when the server said (null before any). */
  progress: LoadProgress | null;
  rotation: number;
  scrollMode: ScrollModeKey;
  findStatus: FindStatus;
  goToPage: (pageNumber: number) => void;
  previousPage: () => void;
  nextPage: () => void;
  setScale: (scale: number) => void;
  /** A fit ('page-width', 'page-fit'), which follows the viewer's size, or a scale. */
  setZoom: (zoom: ZoomChoice) => void;
  rotate: (degrees: 90 | -90) => void;
  setScrollMode: (mode: ScrollModeKey) => void;
  /**
   * A new query searches from the current page; `again` moves to the next (or previous) match.
   * A list of words finds any of them (a search hit's terms); a string is found as typed.
   */
  find: (query: FindQuery, options?: FindOptions) => void;
}

/** pdf.js's loading progress: `total` is 0 when the size is not known. */
export interface LoadProgress {
  loaded: number;
  total: number;
}

/** Where a viewer opens: a page, words to find and highlight from there (a search hit), a question to outline. */
export interface ViewerStart {
  page?: number;
  terms?: readonly string[];
  outline?: readonly QuestionRegion[];
}

/**
 * The resource's id when OCR read some of its pages: their words are fetched and become those
 * pages' text (text layer, find, highlight; ocr-text-layer.ts). Unset for a born-digital file.
 */
export type ScannedResourceId = string | undefined;

function scrollModeKey(mode: number): ScrollModeKey {
  return SCROLL_MODES.find((entry) => ScrollMode[entry.key] === mode)?.key ?? 'VERTICAL';
}

/**
 * Runs pdf.js's own viewer (PDFViewer, PDFLinkService, PDFFindController) in `container`, for
 * one URL. Mount it under a key of the URL (and of each retry): everything it created is torn
 * down on unmount, including the loading task and its worker, so opening and closing a preview
 * repeatedly leaks nothing.
 */
export function usePdfViewer(
  url: string,
  containerRef: RefObject<HTMLDivElement | null>,
  viewerRef: RefObject<HTMLDivElement | null>,
  start: ViewerStart = {},
  scannedResourceId?: ScannedResourceId,
): PdfViewerController {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [pdfDocument, setPdfDocument] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [scale, setScaleState] = useState(1);
  const [zoomPreset, setZoomPreset] = useState<string | null>(null);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [rotation, setRotation] = useState(0);
  const [scrollMode, setScrollModeState] = useState<ScrollModeKey>('VERTICAL');
  const [findStatus, setFindStatus] = useState<FindStatus>(IDLE_FIND);
  const session = useRef<{ viewer: PDFViewer; eventBus: EventBus } | null>(null);
  // The last query asked: pdf.js's find state for the empty one (clearing the highlights) is ignored.
  const findQuery = useRef<FindQuery>('');
  // Read once, when the document opens; a later change of the caller's object starts nothing.
  const startRef = useRef(start);

  const find = useCallback((eventBus: EventBus, query: FindQuery, options?: FindOptions) => {
    findQuery.current = query;
    if (query.length === 0) setFindStatus(IDLE_FIND);
    dispatchFind(eventBus, query, options);
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    const abort = new AbortController();
    const { signal } = abort;

    const eventBus = new EventBus();
    const linkService = new PDFLinkService({ eventBus, externalLinkTarget: LinkTarget.BLANK });
    const findController = new PDFFindController({ eventBus, linkService });
    keepOuterScroll(findController, container);
    // The built-in English strings (page landmarks "Page 3"); passed in so that we can destroy it.
    const l10n = new GenericL10n(undefined);
    // abortSignal is a real PDFViewer option (it drops the viewer's resize and scroll listeners)
    // that pdf.js's type declarations leave out.
    const options: ConstructorParameters<typeof PDFViewer>[0] & { abortSignal: AbortSignal } = {
      container,
      viewer: viewerElement,
      eventBus,
      linkService,
      findController,
      l10n,
      abortSignal: signal,
      // A preview: links and form fields are shown, nothing is edited.
      annotationMode: AnnotationMode.ENABLE,
      annotationEditorMode: AnnotationEditorType.DISABLE,
      imageResourcesPath: PDFJS_IMAGES_URL,
      // On a phone every pixel of width goes to the page: no 9 px borders and no room kept for a
      // scrollbar (pdf.js leaves 40 px when it fits the width), pages simply stacked with a gap.
      removePageBorders: container.clientWidth < PHONE_VIEWER_WIDTH,
    };
    const viewer = new PDFViewer(options);
    stopDrawingOnAbort(viewer, signal);
    skipScrollWhileHidden(viewer, container);
    linkService.setViewer(viewer);
    void l10n.translate(container);
    session.current = { viewer, eventBus };

    listen(eventBus, 'pagesinit', signal, () => {
      // The page's width, or the fit the reader chose last (see initialZoom).
      viewer.currentScaleValue = initialZoom(readSetting(ZOOM_STORAGE_KEY));
      const { page, terms } = startRef.current;
      if (page && page > 1 && page <= viewer.pagesCount) viewer.currentPageNumber = page;
      // pdf.js searches from the current page, so the first match shown is the hit's own.
      if (terms?.length) find(eventBus, terms);
    });
    listen<{ pageNumber: number }>(eventBus, 'pagechanging', signal, (e) => setPageNumber(e.pageNumber));
    listen<{ scale: number; presetValue?: string }>(eventBus, 'scalechanging', signal, (e) => {
      setScaleState(e.scale);
      setZoomPreset(e.presetValue ?? null);
    });
    listenForPinch(container, viewer, signal);
    refitOnResize(container, viewer, signal);
    listen<{ pagesRotation: number }>(eventBus, 'rotationchanging', signal, (e) => setRotation(e.pagesRotation));
    listen<{ mode: number }>(eventBus, 'scrollmodechanged', signal, (e) => setScrollModeState(scrollModeKey(e.mode)));
    let failed = false;
    let deadline = 0;
    const fail = () => {
      if (signal.aborted || failed) return;
      failed = true;
      window.clearTimeout(deadline);
      setStatus('error');
    };
    const restartClock = () => {
      window.clearTimeout(deadline);
      deadline = window.setTimeout(fail, LOAD_TIME_LIMIT_MS);
    };
    restartClock();
    signal.addEventListener('abort', () => window.clearTimeout(deadline));
    // "Loading PDF..." stays until a page is on screen, not merely until the file is parsed.
    listen(eventBus, 'pagerendered', signal, () => {
      if (failed) return;
      window.clearTimeout(deadline);
      setStatus('ready');
    });
    listenForFindStatus(eventBus, signal, findQuery, setFindStatus);
    if (startRef.current.outline?.length) outlineOnPages(eventBus, startRef.current.outline, signal);

    // Asked for beside the file, so the words are there when the first page's text is.
    // Without them (a failure, or the preview closed first) the pages keep the file's own text.
    const ocrWords = scannedResourceId ? fetchPageWords(scannedResourceId, signal).catch(() => new Map()) : undefined;
    const opened = openPdf(url);
    let pageRequests: () => Promise<unknown>[] = () => [];
    opened.task.onProgress = ({ loaded, total }: LoadProgress) => {
      restartClock();
      setProgress({ loaded, total: Number.isFinite(total) && total > 0 ? total : 0 });
    };
    opened.task.promise
      // Page 1 is fetched before the viewer sees the document: PDFViewer logs a console error
      // when its own first getPage fails, which a preview closed mid-load must not cause.
      .then(async (pdf) => {
        pageRequests = trackPageRequests(pdf);
        if (ocrWords) withOcrText(pdf, ocrWords);
        await pdf.getPage(1);
        return pdf;
      })
      .then((pdf) => {
        if (signal.aborted) return;
        viewer.setDocument(pdf);
        linkService.setDocument(pdf);
        setPdfDocument(pdf);
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        if (import.meta.env.DEV) console.warn('PDF failed to load', error);
        fail();
      });

    return () => {
      abort.abort();
      session.current = null;
      // A search in progress reads the pages' text one after the other and logs a console error
      // when the document goes away under the page in hand: let that page finish first (the
      // reset below stops the rest). pdf.js keeps these promises in an underscored field. Pages
      // the viewer asked for are answered first too (quiet-close.ts).
      const extracting = (findController as { _extractTextPromises?: Promise<void>[] })._extractTextPromises ?? [];
      // Cancels page rendering before the worker goes away; pdf.js's setDocument accepts null to
      // close the current document although its declared parameter type does not say so.
      viewer.setDocument(null as unknown as PDFDocumentProxy);
      linkService.setDocument(null);
      void l10n.destroy();
      void closePdf(opened, [...extracting, ...pageRequests()]);
    };
  }, [url, containerRef, viewerRef, find, scannedResourceId]);

  const withViewer = useCallback((action: (viewer: PDFViewer) => void) => {
    const current = session.current;
    if (current?.viewer.pdfDocument) action(current.viewer);
  }, []);

  const actions = useMemo(
    () => ({
      goToPage: (page: number) =>
        withViewer((viewer) => {
          viewer.currentPageNumber = page;
        }),
      previousPage: () => withViewer((viewer) => viewer.previousPage()),
      nextPage: () => withViewer((viewer) => viewer.nextPage()),
      setScale: (value: number) =>
        withViewer((viewer) => {
          viewer.currentScale = value;
        }),
      setZoom: (zoom: ZoomChoice) =>
        withViewer((viewer) => {
          if (typeof zoom === 'string') {
            viewer.currentScaleValue = zoom;
            // A fit chosen is the next preview's too; a percentage suits one file, not every screen.
            storeSetting(ZOOM_STORAGE_KEY, zoom);
          } else viewer.currentScale = zoom;
        }),
      rotate: (degrees: 90 | -90) =>
        withViewer((viewer) => {
          viewer.pagesRotation = (viewer.pagesRotation + degrees + 360) % 360;
        }),
      setScrollMode: (mode: ScrollModeKey) =>
        withViewer((viewer) => {
          viewer.scrollMode = ScrollMode[mode];
        }),
      find: (query: FindQuery, options?: FindOptions) => {
        const eventBus = session.current?.eventBus;
        if (eventBus) find(eventBus, query, options);
      },
    }),
    [withViewer, find],
  );

  return {
    status,
    pdfDocument,
    pagesCount: pdfDocument?.numPages ?? 0,
    pageNumber,
    scale,
    zoomPreset,
    progress,
    rotation,
    scrollMode,
    findStatus,
    ...actions,
  };
}
