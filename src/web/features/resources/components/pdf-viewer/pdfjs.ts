/*
 * The only module that imports pdf.js; everything under pdf-viewer/ takes pdf.js from here, so
 * pdf.js stays inside the viewer's lazy chunk.
 *
 * Order matters: pdf_viewer.mjs reads `globalThis.pdfjsLib` while it is evaluated, and pdf.mjs is
 * what sets it, so pdf.mjs must be imported first. An `export ... from` loads its module in the
 * same source order as an import does, so the re-exports below keep that order.
 */
import {
  getDocument,
  GlobalWorkerOptions,
  PDFWorker,
  RenderingCancelledException,
  VerbosityLevel,
  type PDFDocumentLoadingTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
// The legacy builds: the modern ones need JavaScript features that older phone browsers lack.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { pdfjsAssetUrl } from './pdfjs-assets';

export { AnnotationEditorType, AnnotationMode, RenderingCancelledException } from 'pdfjs-dist/legacy/build/pdf.mjs';
export type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
export {
  EventBus,
  FindState,
  GenericL10n,
  LinkTarget,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
  ScrollMode,
} from 'pdfjs-dist/legacy/web/pdf_viewer.mjs';
import 'pdfjs-dist/legacy/web/pdf_viewer.css';
import './pdf-viewer.css';

// A URL Vite emits next to our own assets: the worker never comes from a CDN (DESIGN.md §1).
GlobalWorkerOptions.workerSrc = workerUrl;

const assetUrl = pdfjsAssetUrl;

/** Folder of the annotation icons (sticky notes, attachments), for PDFViewer's imageResourcesPath. */
export const PDFJS_IMAGES_URL = assetUrl('images');

/*
 * pdf.js 5.6 leaves a few of its own promises unhandled: when a load fails (the worker cancels
 * the request stream before the transport knows it failed) and when a document is destroyed while
 * a range request has not been read yet ("AbortError: signal is aborted without reason"). The
 * failure itself reaches us through the loading task and is shown to the user; the stray copies
 * would only surface as uncaught errors. While documents are open (and shortly after), rejections
 * carrying a pdf.js exception or a fetch abort are marked handled; nothing else is touched.
 */
const PDFJS_EXCEPTIONS = new Set([
  'AbortException',
  'InvalidPDFException',
  'PasswordException',
  'ResponseException',
  'UnknownErrorException',
]);
let openDocuments = 0;

function ignoreStrayPdfjsRejections(event: PromiseRejectionEvent) {
  const reason: unknown = event.reason;
  const isAbort = reason instanceof DOMException && reason.name === 'AbortError';
  const isPdfjs = reason instanceof Error && PDFJS_EXCEPTIONS.has(reason.name);
  if (isAbort || isPdfjs) event.preventDefault();
}

function documentOpened() {
  if (openDocuments++ === 0) window.addEventListener('unhandledrejection', ignoreStrayPdfjsRejections);
}

function documentClosed() {
  // The rejections of the last cancelled requests are dispatched after destroy(); wait for them.
  window.setTimeout(() => {
    if (--openDocuments === 0) window.removeEventListener('unhandledrejection', ignoreStrayPdfjsRejections);
  }, 1000);
}

/** A document being loaded, and the worker thread that parses it (ours, so we can end it). */
export interface OpenedPdf {
  task: PDFDocumentLoadingTask;
  worker: PDFWorker;
}

/**
 * Starts loading a PDF in ranges: pdf.js asks only for the bytes the visible pages need, so page 1
 * of a 20 MB file shows before the rest has arrived (DESIGN.md §5). End it with closePdf().
 */
export function openPdf(url: string): OpenedPdf {
  // pdf.js warns through console.log about every quirk of a file; users cannot act on those.
  const verbosity = import.meta.env.DEV ? VerbosityLevel.WARNINGS : VerbosityLevel.ERRORS;
  documentOpened();
  const worker = new PDFWorker({ verbosity });
  const task = getDocument({
    url,
    worker,
    rangeChunkSize: 65536,
    disableAutoFetch: true,
    disableStream: true,
    // No `new Function` for fonts under our CSP without 'unsafe-eval' (DESIGN.md §6).
    isEvalSupported: false,
    // Documents that do not embed Helvetica and friends (our demo PDFs), or that use CJK CMaps.
    cMapUrl: assetUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: assetUrl('standard_fonts'),
    // pdf.js's own copies of the standard fonts rather than local("Helvetica"): a system that
    // lacks it may answer with any sans font (Linux gives DejaVu) and the text then runs narrow.
    useSystemFonts: false,
    // Decoders of JPEG 2000, JBIG2 and ICC colour profiles, and the CMYK profile they use.
    wasmUrl: assetUrl('wasm'),
    iccUrl: assetUrl('iccs'),
    enableXfa: false,
    verbosity,
  });
  return { task, worker };
}

// Long enough for a worker to finish the request in hand and answer "Terminate".
const TERMINATE_GRACE_MS = 3000;
// How long a closed document waits for its work in hand before it is destroyed anyway.
const SETTLE_LIMIT_MS = 4000;

/** Resolves after `ms` (its timer is left to run out: resolving twice is harmless). */
const after = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Ends a document: first lets `settle` (work whose failure pdf.js would log as a console error)
 * finish, then destroys the task, which cancels its network requests, then ends the worker. Each
 * wait is bounded: a request waiting on bytes that never come must not keep the document open,
 * and pdf.js's destroy() waits for the worker to acknowledge, which a worker stuck on a request
 * never does (nor one ended before it answered). The thread is ended and the document counted
 * closed whatever happens, so nothing is left running.
 */
export async function closePdf({ task, worker }: OpenedPdf, settle: Promise<unknown>[] = []): Promise<void> {
  try {
    await Promise.race([Promise.allSettled(settle), after(SETTLE_LIMIT_MS)]);
    // Nothing to report if destroying fails: the document is being thrown away.
    await Promise.race([task.destroy().catch(() => undefined), after(TERMINATE_GRACE_MS)]);
  } finally {
    worker.destroy();
    documentClosed();
  }
}

/** True for the rejection pdf.js uses when a render is cancelled on purpose. */
export function isRenderingCancelled(error: unknown): boolean {
  return error instanceof RenderingCancelledException;
}
