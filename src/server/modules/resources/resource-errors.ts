import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { HttpError, badRequest, conflict, notFound as notFoundError, rangeNotSatisfiable, unprocessable } from '../../http/http-error.js';
import { nearDuplicateMessage } from '../../../shared/near-duplicates.js';
import type { NearDuplicateMatch } from './near-duplicate.js';
import type { PdfRefusal } from './pdf-inspector.js';
import { describeResource } from './resource.presenter.js';
import type { ResourceRow } from './resource.repository.js';

/** The errors the resource library answers with, as the uploader or reader sees them. */
export const notPdf = () => badRequest(RESOURCE_MESSAGES.notPdf, { code: 'NOT_PDF', field: 'file' });

/** Why the PDF check refused a file, as the uploader reads it. */
export function pdfRefused(reason: PdfRefusal): HttpError {
  switch (reason) {
    case 'not-pdf':
      return notPdf();
    case 'password':
      return badRequest(RESOURCE_MESSAGES.passwordProtected, { code: 'PDF_PASSWORD', field: 'file' });
    case 'unreadable':
      return unprocessable(RESOURCE_MESSAGES.pdfUnreadable, { code: 'PDF_UNREADABLE', field: 'file' });
    case 'too-complex':
      return unprocessable(RESOURCE_MESSAGES.pdfTooComplex, { code: 'PDF_TOO_COMPLEX', field: 'file' });
  }
}
export const notFound = () => notFoundError(RESOURCE_MESSAGES.notFound);
/** A Range past the file's end (pdf.js asks only inside it; a stale length could do this). */
export const rangeOutsideFile = (size: number) => rangeNotSatisfiable(`The requested byte range lies outside this file (${size} bytes).`, size);
export const duplicate = (existing: ResourceRow) =>
  conflict(`This file is already in the library as ${describeResource(existing)}.`, { code: 'DUPLICATE', field: 'file' });

/**
 * 409 NEAR_DUPLICATE: the upload's text is nearly that of a paper in the library; the client
 * may send it again with confirmNearDuplicate (decision 047).
 */
export const nearDuplicate = (match: NearDuplicateMatch) =>
  new HttpError(409, nearDuplicateMessage(match.title, match.percent), 'NEAR_DUPLICATE', {}, 'file', { nearDuplicate: match });
