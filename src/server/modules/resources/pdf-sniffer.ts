import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { noteStreamedBytes } from '../../runtime/stream-garbage.js';
import { looksLikePdf, SIGNATURE_WINDOW } from './pdf-signature.js';

export class NotPdfError extends Error {
  constructor() {
    super('No PDF header or object in the first bytes of the upload');
    this.name = 'NotPdfError';
  }
}

/**
 * Passes an upload through unchanged while computing its SHA-256 and sniffing its first KB, so a
 * file that is not a PDF (HTML, an image, a zip, plain text) stops being written after its first
 * chunk, not after 20 MB. Whether it really opens is pdf.js's call (pdf-inspector.ts).
 */
export class PdfSniffer extends Transform {
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;
  digest = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.checked) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= SIGNATURE_WINDOW) {
        if (!this.sniff()) return callback(new NotPdfError());
      }
    }
    this.hash.update(chunk);
    noteStreamedBytes(chunk.length);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.checked && !this.sniff()) return callback(new NotPdfError());
    this.digest = this.hash.digest('hex');
    callback();
  }

  private sniff(): boolean {
    this.checked = looksLikePdf(Buffer.concat(this.head));
    this.head = [];
    return this.checked;
  }
}
