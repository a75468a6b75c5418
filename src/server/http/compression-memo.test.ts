import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressionMemo } from './compression-memo.js';

const BR4 = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const body = (text: string) => Buffer.from(JSON.stringify({ resources: Array.from({ length: 40 }, (_, i) => ({ i, text })) }));

describe('compressionMemo', () => {
  it('answers what zlib answers, for every encoding, and the same bytes again for the same body', () => {
    const memo = compressionMemo();
    const input = body('data structures');
    const br = memo.brotliCompressSync(input, BR4);
    expect(zlib.brotliDecompressSync(br).equals(input)).toBe(true);
    expect(br.equals(zlib.brotliCompressSync(input, BR4))).toBe(true);
    expect(zlib.gunzipSync(memo.gzipSync(input)).equals(input)).toBe(true);
    expect(zlib.inflateSync(memo.deflateSync(input)).equals(input)).toBe(true);
    // A copy of the same body (a new request's JSON) is answered from memory: the very same buffer.
    expect(memo.brotliCompressSync(Buffer.from(input), BR4)).toBe(br);
  });

  it('never answers one body with another body\'s bytes (a changed list is compressed anew)', () => {
    const memo = compressionMemo();
    const before = body('before the upload');
    const after = body('after the upload!');
    expect(after.length).toBe(before.length);
    memo.gzipSync(before);
    expect(zlib.gunzipSync(memo.gzipSync(after)).equals(after)).toBe(true);
    expect(zlib.gunzipSync(memo.gzipSync(before)).equals(before)).toBe(true);
  });

  it('keeps at most maxTotalBytes and passes bodies above maxEntryBytes straight through', () => {
    const memo = compressionMemo({ maxEntryBytes: 4096, maxTotalBytes: 5000 });
    // Random bytes do not compress: each output is a little over 2,000 bytes, so two fit and three do not.
    const inputs = Array.from({ length: 3 }, () => randomBytes(2000));
    const first = memo.gzipSync(inputs[0]!);
    memo.gzipSync(inputs[1]!);
    memo.gzipSync(inputs[2]!);
    expect(memo.gzipSync(inputs[2]!)).toBe(memo.gzipSync(inputs[2]!));
    // The least recently used went first: the first body is compressed anew (equal bytes, new buffer).
    const again = memo.gzipSync(inputs[0]!);
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
    const big = randomBytes(5000);
    expect(memo.gzipSync(big)).not.toBe(memo.gzipSync(big));
  });
});
