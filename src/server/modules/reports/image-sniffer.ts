import { Transform, type TransformCallback } from 'node:stream';
import { IMAGE_SNIFF_BYTES, sniffImageType, type ScreenshotType } from '../../../shared/report.js';

export class NotImageError extends Error {
  constructor() {
    super('The upload is not a PNG, JPEG or WebP image');
    this.name = 'NotImageError';
  }
}

/**
 * Passes a screenshot through unchanged, deciding its type from its first bytes. `detected`
 * settles as soon as they have arrived, so the caller can name the stored object after the real
 * type before a byte is written; a file that is no image fails after its first chunk.
 */
export class ImageSniffer extends Transform {
  readonly detected: Promise<ScreenshotType>;
  private head: Buffer = Buffer.alloc(0);
  private type: ScreenshotType | undefined;
  private settle!: { resolve: (type: ScreenshotType) => void; reject: (error: Error) => void };

  constructor() {
    super();
    this.detected = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Awaited by the caller only when it gets that far; an early failure must not go unhandled.
    this.detected.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.type) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < IMAGE_SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    // A file shorter than the sniff window is decided on what there is.
    if (!this.type) return this.decide(callback);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.type) this.settle.reject(error ?? new NotImageError());
    callback(error);
  }

  private decide(callback: TransformCallback): void {
    const type = sniffImageType(this.head);
    if (!type) {
      const error = new NotImageError();
      this.settle.reject(error);
      return callback(error);
    }
    this.type = type;
    this.settle.resolve(type);
    const head = this.head;
    this.head = Buffer.alloc(0);
    callback(null, head);
  }
}
