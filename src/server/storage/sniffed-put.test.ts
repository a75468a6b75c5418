import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { newStorageKey } from './file-store.js';
import type { SniffRule } from './head-sniffer.js';
import { LocalFileStore } from './local-file-store.js';
import { putSniffed, type IncomingStream, type SniffedPut } from './sniffed-put.js';

/** A toy kind: files that start with "OK" and a one-letter type, decided on their first 8 bytes. */
const rule: SniffRule<string> = { bytes: 8, recognise: (head) => /^OK([a-z])/.exec(head.toString('latin1'))?.[1] };

class Unrecognised extends Error {}
class TooLarge extends Error {}

const options = (maxBytes = 1000): SniffedPut<string> => ({
  sniff: rule,
  key: (type) => newStorageKey('uploads', `.${type}`),
  maxBytes,
  refuse: { unrecognised: () => new Unrecognised(), tooLarge: () => new TooLarge() },
});

const newStore = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'studyshelf-sniffed-'));
  const filesUnder = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return { store: new LocalFileStore(root), filesUnder };
};

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('putSniffed', () => {
  it('stores a recognised file under a key named for its type, with its size and SHA-256', async () => {
    const { store } = newStore();
    const body = 'OKx and the rest of the file';
    // The head arrives split over chunks shorter than the sniff window.
    const stored = await putSniffed(store, chunks('O', 'Kx', ' and the rest', ' of the file'), options());
    expect(stored.type).toBe('x');
    expect(stored.key).toMatch(/^uploads\/[0-9a-f-]{36}\.x$/);
    expect(stored.size).toBe(body.length);
    expect(stored.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(await text(await store.read(stored.key))).toBe(body);
  });

  it('decides a file shorter than the sniff window on what there is', async () => {
    const { store, filesUnder } = newStore();
    await expect(putSniffed(store, chunks('OK'), options())).rejects.toBeInstanceOf(Unrecognised);
    await expect(putSniffed(store, chunks(''), options())).rejects.toBeInstanceOf(Unrecognised);
    expect(filesUnder()).toEqual([]);
    const stored = await putSniffed(store, chunks('OKz'), options());
    expect(stored).toMatchObject({ type: 'z', size: 3 });
    expect(await text(await store.read(stored.key))).toBe('OKz');
  });

  it("refuses wrong first bytes with the caller's error and writes nothing", async () => {
    const { store, filesUnder } = newStore();
    const source = chunks('<html>', 'x'.repeat(5000));
    await expect(putSniffed(store, source, options())).rejects.toBeInstanceOf(Unrecognised);
    expect(filesUnder()).toEqual([]);
  });

  it("refuses a file over maxBytes with the caller's error and leaves no file", async () => {
    const { store, filesUnder } = newStore();
    await expect(putSniffed(store, chunks('OKx', 'y'.repeat(600), 'z'.repeat(600)), options(1000))).rejects.toBeInstanceOf(TooLarge);
    expect(filesUnder()).toEqual([]);
  });

  it('refuses a file the reader cut at its limit (truncated), though the store saw no more than maxBytes', async () => {
    const { store, filesUnder } = newStore();
    const source: IncomingStream = chunks('OKx', 'y'.repeat(997));
    source.once('end', () => (source.truncated = true));
    await expect(putSniffed(store, source, options(1000))).rejects.toBeInstanceOf(TooLarge);
    expect(filesUnder()).toEqual([]);
  });

  it('accepts a file of exactly maxBytes', async () => {
    const { store } = newStore();
    expect((await putSniffed(store, chunks('OKx', 'y'.repeat(997)), options(1000))).size).toBe(1000);
  });

  it('starts writing at once under a key known up front, and removes what it wrote when the bytes are wrong', async () => {
    const { store, filesUnder } = newStore();
    const source = new PassThrough();
    source.write('<h');
    const put = putSniffed(store, source, { ...options(), key: newStorageKey('uploads', '.x') });
    await expect.poll(() => filesUnder().length).toBe(1);
    source.end('tml> and more');
    await expect(put).rejects.toBeInstanceOf(Unrecognised);
    expect(filesUnder()).toEqual([]);
  });

  it('passes on a source that fails midway, and leaves no file', async () => {
    const { store, filesUnder } = newStore();
    const source = new PassThrough();
    source.write('OKx first part');
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(putSniffed(store, source, options())).rejects.toThrow('client went away');
    expect(filesUnder()).toEqual([]);
  });

  it('does not wait forever for a source destroyed without an error', async () => {
    const { store, filesUnder } = newStore();
    const source = new PassThrough();
    source.write('OKx first part');
    setTimeout(() => source.destroy(), 20);
    await expect(putSniffed(store, source, options())).rejects.toThrow();
    expect(filesUnder()).toEqual([]);
  });
});
