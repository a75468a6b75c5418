import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { noteStreamedBytes } from './stream-garbage.js';

/** How a kind of file is recognised: by its first `bytes` bytes (fewer when the file is shorter). */
export interface SniffRule<T> {
  bytes: number;
  /** The type those bytes show, or undefined when they are no file of the accepted kind. */
  recognise: (head: Buffer) => T | undefined;
}

export class UnrecognisedContentError extends Error {
  constructor() {
    super('The first bytes of the upload are not of an accepted type');
    this.name = 'UnrecognisedContentError';
  }
}

/**
 * Passes an upload through unchanged while computing its SHA-256 and recognising its first bytes
 * with `rule`. `detected` settles as soon as they have arrived, so a caller can name the stored
 * object after the real type before writing; a file of the wrong kind fails after its first
 * chunk, not after megabytes.
 */
export class HeadSniffer<T> extends Transform {
  readonly detected: Promise<T>;
  /** The SHA-256 (hex) of everything that passed, once the stream has ended. */
  digest = '';
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private type: T | undefined;
  private settle!: { resolve: (type: T) => void; reject: (error: Error) => void };

  constructor(private readonly rule: SniffRule<T>) {
    super();
    this.detected = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Awaited by the caller only when it gets that far; an early failure must not go unhandled.
    this.detected.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.type === undefined) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= this.rule.bytes) {
        const refused = this.decide();
        if (refused) return callback(refused);
      }
    }
    this.hash.update(chunk);
    // Upload buffers are garbage once stored: see stream-garbage.ts.
    noteStreamedBytes(chunk.length);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    // A file shorter than the sniff window is decided on what there is.
    const refused = this.type === undefined ? this.decide() : undefined;
    if (refused) return callback(refused);
    this.digest = this.hash.digest('hex');
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.type === undefined) this.settle.reject(error ?? new UnrecognisedContentError());
    callback(error);
  }

  /** Recognises the head; returns the error that refuses the file, if it does. */
  private decide(): UnrecognisedContentError | undefined {
    const type = this.rule.recognise(Buffer.concat(this.head));
    this.head = [];
    if (type === undefined) {
      const error = new UnrecognisedContentError();
      this.settle.reject(error);
      return error;
    }
    this.type = type;
    this.settle.resolve(type);
    return undefined;
  }
}
