// yazl 3.x ships no types; this declares the part the shelf zip uses (modules/shelf/zip-stream.ts).
declare module 'yazl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  export interface EntryOptions {
    mtime?: Date;
    mode?: number;
    compress?: boolean;
    compressionLevel?: number;
    forceZip64Format?: boolean;
    forceDosTimestamp?: boolean;
    fileComment?: string | Buffer;
    size?: number;
  }

  export class ZipFile extends EventEmitter {
    readonly outputStream: Readable;
    addReadStreamLazy(
      metadataPath: string,
      options: EntryOptions,
      getReadStream: (callback: (error: Error | null, stream?: Readable) => void) => void,
    ): void;
    addBuffer(buffer: Buffer, metadataPath: string, options?: EntryOptions): void;
    end(options?: { forceZip64Format?: boolean; comment?: string | Buffer }, calculatedTotalSizeCallback?: (size: number) => void): void;
  }

  const yazl: { ZipFile: typeof ZipFile };
  export default yazl;
}
