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
