// yauzl 3.x ships no types; this declares the part tests/support/zip.ts uses.
declare module 'yauzl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    compressionMethod: number;
    uncompressedSize: number;
    compressedSize: number;
    generalPurposeBitFlag: number;
  }

  export interface ZipFile extends EventEmitter {
    readEntry(): void;
    openReadStream(entry: Entry, callback: (error: Error | null, stream: Readable) => void): void;
    close(): void;
  }

  const yauzl: {
    fromBuffer(buffer: Buffer, options: { lazyEntries: boolean }, callback: (error: Error | null, zip: ZipFile) => void): void;
  };
  export default yauzl;
}
