import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry } from 'yauzl';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** 0: stored, 8: deflated. */
  compressionMethod: number;
}

/** Every entry of a zip with its bytes, read by yauzl (which checks each entry's CRC and sizes). */
export function readZip(zipBytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zipBytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          buffer(stream).then((bytes) => {
            entries.push({ name: entry.fileName, bytes, compressionMethod: entry.compressionMethod });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}
