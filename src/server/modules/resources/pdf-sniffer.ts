import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { noteStreamedBytes } from '../../runtime/stream-garbage.js';

const MAGIC = Buffer.from('%PDF-');

export class NotPdfError extends Error {
  constructor() {
    super('The upload does not start with %PDF-');
    this.name = 'NotPdfError';
  }
}

/**
 * Passes an upload through unchanged while computing its SHA-256 and checking its first bytes,
 * so a file that is not a PDF stops being written after its first chunk, not after 20 MB.
 */
export class PdfSniffer extends Transform {
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private checked = false;
  digest = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= MAGIC.length) {
        if (!this.head.subarray(0, MAGIC.length).equals(MAGIC)) return callback(new NotPdfError());
        this.checked = true;
        this.head = Buffer.alloc(0);
      }
    }
    this.hash.update(chunk);
    noteStreamedBytes(chunk.length);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.checked) return callback(new NotPdfError());
    this.digest = this.hash.digest('hex');
    callback();
  }
}
