import type { Readable } from 'node:stream';
import { fileTooLargeMessage, maxUploadBytes } from '../../../shared/resource.js';
import { conflict, payloadTooLarge } from '../../http/http-error.js';
import { trackJob } from '../../observability/metrics.js';
import { newStorageKey, type FileStore } from '../../storage/file-store.js';
import { readAll } from '../../storage/read-all.js';
import { putSniffed } from '../../storage/sniffed-put.js';
import type { PdfInspection } from './pdf-inspection-pool.js';
import { PDF_SNIFF_RULE } from './pdf-signature.js';
import { duplicate, notPdf, pdfRefused } from './resource-errors.js';
import type { ResourceRow } from './resource.repository.js';

/** Where resource PDFs are stored. */
export const RESOURCE_PREFIX = 'resources';

/** A PDF that passed an upload's checks, stored under `key`. */
export interface CheckedPdf {
  key: string;
  size: number;
  sha256: string;
  pageCount: number;
  /** Pages 1-3's text layer (empty for a scan), for the near-duplicate check. */
  text: string;
}

export const SAME_FILE_MESSAGE = 'This is the file the resource already has.';

/**
 * How every new PDF enters the library, an upload or a replaced file (decision 054): streamed to
 * storage, checked by content (PDF signature, size limit, pdf.js opens it) and refused when the
 * library already holds the same bytes. `use` runs with the stored file; if a check or `use`
 * throws, the file is deleted, so a refused or failed file never stays behind.
 */
export class PdfIntake {
  private readonly maxBytes: number;

  constructor(
    private readonly files: FileStore,
    private readonly pdfs: PdfInspection,
    private readonly resources: { findBySha256(sha256: string): Promise<ResourceRow | undefined> },
    private readonly maxUploadMb: number,
  ) {
    this.maxBytes = maxUploadBytes(maxUploadMb);
  }

  /** `replacing`: the resource whose file this would replace (its own bytes are "the same file", not a duplicate). */
  async take<T>(stream: Readable, use: (pdf: CheckedPdf) => Promise<T>, replacing?: string): Promise<T> {
    const { key, size, sha256 } = await putSniffed(this.files, stream, {
      sniff: PDF_SNIFF_RULE,
      key: newStorageKey(RESOURCE_PREFIX, '.pdf'),
      maxBytes: this.maxBytes,
      refuse: { unrecognised: notPdf, tooLarge: () => payloadTooLarge(fileTooLargeMessage(this.maxUploadMb), { field: 'file' }) },
    });
    try {
      const verdict = await trackJob('pdf_inspection', () => this.pdfs.inspect(size, (start, end) => readAll(this.files.read(key, { start, end }))));
      if (!verdict.ok) throw pdfRefused(verdict.reason);
      const existing = await this.resources.findBySha256(sha256);
      if (existing && existing.id === replacing) throw conflict(SAME_FILE_MESSAGE, { code: 'SAME_FILE', field: 'file' });
      if (existing) throw duplicate(existing);
      return await use({ key, size, sha256, pageCount: verdict.pageCount, text: verdict.text });
    } catch (error) {
      await this.files.delete(key);
      throw error;
    }
  }
}
