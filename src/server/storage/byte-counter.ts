import { Transform } from 'node:stream';
import { ObjectTooLargeError } from './file-store.js';

/** A pass-through that counts the bytes of an object being stored and refuses any past `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) callback(new ObjectTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}
