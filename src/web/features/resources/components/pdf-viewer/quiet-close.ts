import type { PDFDocumentProxy, PDFViewer } from './pdfjs';

/*
 * pdf.js's viewer asks the worker for a page, then draws it. A preview closed between the two made
 * it log two console errors: "Unable to get page for page view: Transport destroyed" (the answer
 * came back to a document being destroyed) and "renderView: pdfPage is not loaded" (it then drew a
 * page view already reset). So the document is destroyed only once the page requests in flight are
 * answered, and a closed viewer draws nothing more.
 */

/** The document's page requests not yet answered, for closePdf() to wait for. */
export function trackPageRequests(pdf: Pick<PDFDocumentProxy, 'getPage'>): () => Promise<unknown>[] {
  const pending = new Set<Promise<unknown>>();
  const getPage = pdf.getPage.bind(pdf);
  pdf.getPage = (pageNumber: number) => {
    const request = getPage(pageNumber);
    pending.add(request);
    const answered = () => pending.delete(request);
    request.then(answered, answered);
    return request;
  };
  return () => [...pending];
}

/** After `signal` aborts, the viewer's rendering queue starts no page. */
export function stopDrawingOnAbort(viewer: Pick<PDFViewer, 'renderingQueue'>, signal: AbortSignal): void {
  const queue = viewer.renderingQueue;
  if (!queue) return;
  const renderView = queue.renderView.bind(queue);
  queue.renderView = (view) => !signal.aborted && renderView(view);
}

/*
 * pdf.js scrolls a page into view whenever its current page is set with a "reset" (the find
 * controller does so each time it has read the text of the page holding the selected match; so do
 * currentPageNumber, a zoom change and a link), and logs "offsetParent is not set -- cannot scroll"
 * when the pages are hidden or out of the document. React hides a leaving preview (its dialog is
 * closed, or its page replaced) before the effect's cleanup stops pdf.js, and the worker's answers
 * keep coming in between. While `container` has no offsetParent the page number still changes, but
 * nothing is scrolled: the container is positioned, so only a hidden or detached one has none.
 */
interface PageSetter {
  _setCurrentPageNumber: (pageNumber: number, resetCurrentPageView?: boolean) => boolean;
}

export function skipScrollWhileHidden(viewer: PDFViewer, container: Pick<HTMLElement, 'offsetParent'>): void {
  // Private in pdf.js's type declarations, but an ordinary method every caller reaches via `this`.
  const inner = viewer as unknown as PageSetter;
  const setCurrentPageNumber = inner._setCurrentPageNumber.bind(viewer);
  inner._setCurrentPageNumber = (pageNumber: number, resetCurrentPageView?: boolean) =>
    setCurrentPageNumber(pageNumber, resetCurrentPageView === true && container.offsetParent !== null);
}
