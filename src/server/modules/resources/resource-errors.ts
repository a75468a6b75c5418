import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { HttpError } from '../../http/http-error.js';
import type { PdfRefusal } from './pdf-inspector.js';
import { describeResource } from './resource.presenter.js';
import type { ResourceRow } from './resource.repository.js';

/** The errors the resource library answers with, as the uploader or reader sees them. */
export const notPdf = () => new HttpError(400, RESOURCE_MESSAGES.notPdf, 'NOT_PDF', {}, 'file');

/** Why the PDF check refused a file, as the uploader reads it. */
export function pdfRefused(reason: PdfRefusal): HttpError {
  switch (reason) {
    case 'not-pdf':
      return notPdf();
    case 'password':
      return new HttpError(400, RESOURCE_MESSAGES.passwordProtected, 'PDF_PASSWORD', {}, 'file');
    case 'unreadable':
      return new HttpError(422, RESOURCE_MESSAGES.pdfUnreadable, 'PDF_UNREADABLE', {}, 'file');
    case 'too-complex':
      return new HttpError(422, RESOURCE_MESSAGES.pdfTooComplex, 'PDF_TOO_COMPLEX', {}, 'file');
  }
}
export const notFound = () => new HttpError(404, RESOURCE_MESSAGES.notFound, 'NOT_FOUND');
export const duplicate = (existing: ResourceRow) =>
  new HttpError(409, `This file is already in the library as ${describeResource(existing)}.`, 'DUPLICATE', {}, 'file');
