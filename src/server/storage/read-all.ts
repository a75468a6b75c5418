import type { Readable } from 'node:stream';

/** Collects a (small) stream, such as a range read from the store, into one buffer. */
export async function readAll(source: Promise<Readable> | Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
