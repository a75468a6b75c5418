import { hash } from 'node:crypto';
import zlib from 'node:zlib';

type CompressSync = (input: Buffer, options?: object) => Buffer;

/**
 * The synchronous compressors @fastify/compress uses for small bodies (its `zlib` option), each
 * remembering what it made for the last bodies it saw, by their content. A class opening the
 * same page at once gets the same JSON again and again, and brotli (even at quality 4) cost
 * several times what answering from the list memo does (issue 15: -34% throughput with br).
 *
 * Keyed by a hash of the bytes, not by any list key: a body is never answered from a stale
 * entry (a new upload makes a new body, hence a new key), and every route gains, not only
 * browse. Negotiation, Vary and Content-Encoding stay the plugin's. Bodies above
 * `maxEntryBytes` are compressed as before; at most `maxTotalBytes` of compressed output is
 * kept, the least recently used leaving first.
 */
export function compressionMemo(options: { maxEntryBytes?: number; maxTotalBytes?: number } = {}) {
  const maxEntryBytes = options.maxEntryBytes ?? 64 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 8 * 1024 * 1024;
  const remember = (compress: CompressSync): CompressSync => {
    const entries = new Map<string, Buffer>();
    let totalBytes = 0;
    return (input, compressOptions) => {
      if (input.length > maxEntryBytes) return compress(input, compressOptions);
      // sha1 of a 7 KB body: ~10 us; brotli at quality 4: ~400 us. Collisions are not a concern here.
      const key = hash('sha1', input, 'base64');
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const output = compress(input, compressOptions);
      entries.set(key, output);
      totalBytes += output.length;
      while (totalBytes > maxTotalBytes) {
        const [oldest, bytes] = entries.entries().next().value!;
        entries.delete(oldest);
        totalBytes -= bytes.length;
      }
      return output;
    };
  };
  return {
    brotliCompressSync: remember(zlib.brotliCompressSync),
    gzipSync: remember(zlib.gzipSync),
    deflateSync: remember(zlib.deflateSync),
  };
}
