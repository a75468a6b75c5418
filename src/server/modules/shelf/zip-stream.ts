import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

/** One file of a zip: its name inside the zip, its exact size, and how to open its bytes. */
export interface ZipSource {
  name: string;
  size: number;
  mtime: Date;
  open: () => Promise<Readable>;
}

/**
 * A zip of these files as a stream, never held whole in memory: each file is opened only when
 * its turn comes (one open stream at a time) and flows through with backpressure. Entries are
 * stored, not deflated (PDFs are compressed already), and with every size known the zip's own
 * size is known before the first byte, so the answer can carry Content-Length (yazl's
 * calculatedTotalSize). A file that fails to read fails the stream, so the client sees a broken
 * download rather than a zip quietly missing a file; a client that goes away stops the reading.
 */
export function streamZip(sources: readonly ZipSource[]): { stream: Readable; size: number } {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream;
  let current: Readable | undefined;
  // yazl asks for the next file at the last byte of the one before, which may still hold its
  // file or connection until it closes: the next is opened only after that.
  let previousClosed: Promise<unknown> = Promise.resolve();
  const fail = (error: Error) => {
    current?.destroy();
    output.destroy(error);
  };
  zip.on('error', fail);
  for (const source of sources) {
    zip.addReadStreamLazy(source.name, { size: source.size, mtime: source.mtime, mode: 0o100644, compress: false }, (callback) => {
      if (output.destroyed) return;
      previousClosed.then(() => source.open()).then(
        (stream) => {
          // The client went away while this file waited for the one before.
          if (output.destroyed) return void stream.destroy();
          current = stream;
          previousClosed = finished(stream).catch(() => undefined);
          stream.on('error', fail);
          callback(null, stream);
        },
        (error: Error) => callback(error),
      );
    });
  }
  let size = -1;
  zip.end(undefined, (total) => {
    size = total;
  });
  // Ended or destroyed (the client went away): the file under way is not read any further.
  output.on('close', () => current?.destroy());
  return { stream: output, size };
}
