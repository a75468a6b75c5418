import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Reads and discards the rest of a request stream, so the client gets our answer instead of a
 * reset connection when we stop early (wrong type, too large, bad fields).
 */
export async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await finished(stream).catch(() => undefined);
}
