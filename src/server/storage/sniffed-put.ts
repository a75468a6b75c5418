import { finished, type Readable } from 'node:stream';
import { ObjectTooLargeError, type FileStore, type StoredObject } from './file-store.js';
import { HeadSniffer, UnrecognisedContentError, type SniffRule } from './head-sniffer.js';

/** An incoming file; `truncated` turns true when the reader's own size limit cut it (multipart). */
export type IncomingStream = Readable & { truncated?: boolean };

export interface SniffedPut<T> {
  sniff: SniffRule<T>;
  /**
   * The key to store under. A key known up front starts the write at once, while the first bytes
   * are still being checked; one made from the type (a screenshot's extension follows it) starts
   * the write once they are recognised.
   */
  key: string | ((type: T) => string);
  maxBytes: number;
  /** The caller's own errors for a file of the wrong kind and for one over `maxBytes`. */
  refuse: { unrecognised: () => Error; tooLarge: () => Error };
}

export interface SniffedObject<T> extends StoredObject {
  type: T;
  sha256: string;
}

/**
 * Stores an upload checked by content and size while it streams: its first bytes must be of the
 * kind `sniff` accepts (else nothing is written), and past `maxBytes`, or cut by the reader's
 * limit, it is refused and nothing is left behind. Either refusal throws the caller's error;
 * any other failure (the client gone, a full disk) is passed on as it is. The source is not
 * drained here: the caller drains it, so the client reads the answer.
 */
export async function putSniffed<T>(files: FileStore, source: IncomingStream, options: SniffedPut<T>): Promise<SniffedObject<T>> {
  const sniffer = new HeadSniffer(options.sniff);
  // The sniffer may fail before put() attaches its own listeners; put() still sees the error.
  sniffer.on('error', () => undefined);
  // pipe() does not pass on a failure: without this, an upload cut off mid-file (client gone,
  // too slow) would leave put() waiting forever with its temporary file open.
  const stopForwarding = finished(source, (error) => {
    if (error) sniffer.destroy(error);
  });
  source.pipe(sniffer);
  try {
    const key = typeof options.key === 'string' ? options.key : options.key(await sniffer.detected);
    const { size } = await files.put(key, sniffer, { maxBytes: options.maxBytes });
    // Settled by now: the sniffer decides at the latest when the stream ends.
    const type = await sniffer.detected;
    // Cut at exactly the reader's limit, the store saw no more than maxBytes: the flag tells.
    if (source.truncated) {
      await files.delete(key);
      throw new ObjectTooLargeError(options.maxBytes);
    }
    return { key, size, type, sha256: sniffer.digest };
  } catch (error) {
    source.unpipe(sniffer);
    if (error instanceof UnrecognisedContentError) throw options.refuse.unrecognised();
    if (error instanceof ObjectTooLargeError) throw options.refuse.tooLarge();
    throw error;
  } finally {
    stopForwarding();
  }
}
