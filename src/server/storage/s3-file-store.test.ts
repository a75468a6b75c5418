import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/support/server-process.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../../../tests/support/s3-server.js';
import type { S3StorageConfig } from '../config.js';
import { newStorageKey, ObjectNotFoundError, ObjectTooLargeError, StorageUnavailableError } from './file-store.js';
import { s3ClientConfig, S3FileStore } from './s3-file-store.js';

const MB = 1024 * 1024;
const credentials = {
  accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID,
  secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
};

let s3: TestS3Server;
let workDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  workDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-s3-test-'));
}, 30_000);
afterAll(async () => {
  await s3?.close();
  await rm(workDir, { recursive: true, force: true });
}, 30_000);

const configFor = (bucket: string, extra: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
  driver: 's3',
  bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  credentials,
  ...extra,
});

async function newStore(extra: Partial<S3StorageConfig> = {}, options = {}) {
  const bucket = await s3.createBucket();
  return { bucket, store: new S3FileStore(configFor(bucket, extra), options) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Random bytes written to a file in 1 MB steps, so the test itself never holds the file. */
async function randomFile(size: number): Promise<{ file: string; sha: string }> {
  const file = path.join(workDir, `random-${size}.bin`);
  const hash = createHash('sha256');
  async function* chunks() {
    for (let left = size; left > 0; left -= MB) {
      const chunk = randomBytes(Math.min(MB, left));
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
  return { file, sha: hash.digest('hex') };
}

async function bytesAt(file: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(file);
  try {
    const out = Buffer.alloc(end - start + 1);
    await handle.read(out, 0, out.length, start);
    return out;
  } finally {
    await handle.close();
  }
}

async function keysUnder(store: S3FileStore, prefix: string): Promise<string[]> {
  const keys = [];
  for await (const info of store.list(prefix)) keys.push(info.key);
  return keys.sort();
}

// Real uploads of tens of megabytes through a second process: generous on a shared, busy host.
describe('S3FileStore against a real S3-protocol server', { timeout: 60_000 }, () => {
  it('round-trips a 20 MB file byte for byte and reads ranges of it', async () => {
    const size = 20_000_000; // three 5 MiB parts and a shorter last one
    const { file, sha } = await randomFile(size);
    const { store } = await newStore();
    const key = newStorageKey('resources', '.pdf');

    expect(await store.put(key, createReadStream(file), { maxBytes: 20 * MB })).toEqual({ key, size });
    expect((await store.stat(key))?.size).toBe(size);
    expect(await sha256Of(await store.read(key))).toBe(sha);
    // Not bytes=0-0: s3rver 3.7 reads an end of 0 as "to the end" (S3 itself answers one byte).
    for (const [start, end] of [
      [0, 1],
      [0, 1023],
      [9_999_990, 10_000_009],
      [5 * MB - 3, 5 * MB + 2], // across a part boundary
      [size - 1, size - 1],
      [size - 65_536, size - 1],
    ] as const) {
      const got = await buffer(await store.read(key, { start, end }));
      // Length first: a diff of a mistaken 20 MB answer would swamp the output.
      expect(got.length, `bytes ${start}-${end}`).toBe(end - start + 1);
      expect(got.equals(await bytesAt(file, start, end)), `bytes ${start}-${end}`).toBe(true);
    }
  });

  it('streams a 200 MB upload in parts: memory grows by a few parts, not by the file', async () => {
    const { store } = await newStore();
    await store.check(); // loads the SDK (~27 MB) before measuring
    const block = randomBytes(MB);
    const size = 200 * MB;
    // Fresh 64 KB buffers with a byte-sized queue, as a request socket delivers them.
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < size / (64 * 1024); i++) yield Buffer.from(block.subarray((i % 16) * 65_536, (i % 16 + 1) * 65_536));
      })(),
      { objectMode: false, highWaterMark: 64 * 1024 },
    );
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      expect((await store.put(newStorageKey('resources'), body)).size).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    console.log(`S3 put of 200 MB: RSS grew by ${((peak - before) / MB).toFixed(1)} MB`);
    // Holding the file would add 200 MB at least; streaming in parts stays well below the bound,
    // whatever the upload's size (most of the growth is buffers the GC has not yet reclaimed).
    expect(peak - before).toBeLessThan(100 * MB);
  });

  it('stores exactly the bytes streamed to it: no chunk framing or checksum trailer (297,304 bytes stayed 297,304)', async () => {
    const { bucket, store } = await newStore();
    const bytes = randomBytes(297_304);
    const key = newStorageKey('resources', '.pdf');
    // Many small chunks of unknown total length, as an HTTP upload arrives.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 16_384) }, (_, i) => bytes.subarray(i * 16_384, (i + 1) * 16_384));
    expect(await store.put(key, Readable.from(chunks))).toEqual({ key, size: 297_304 });
    expect((await store.stat(key))?.size).toBe(297_304);
    expect(sha256(await buffer(await store.read(key)))).toBe(sha256(bytes));

    // The store's uploads send whole parts, but any streamed body through its client settings
    // must stay exact too: with the SDK's defaults the checksum framing ends up in the object.
    const client = new S3Client(s3ClientConfig(configFor(bucket)));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'resources/raw', Body: Readable.from(chunks), ContentLength: bytes.length }));
    expect((await store.stat('resources/raw'))?.size).toBe(297_304);
    expect(sha256(await buffer(await store.read('resources/raw')))).toBe(sha256(bytes));
    client.destroy();
  });

  it('serves more than 50 slow downloads at once (the SDK default is 50 connections)', async () => {
    const { store } = await newStore();
    const key = newStorageKey('resources', '.pdf');
    await store.put(key, Readable.from([randomBytes(4 * MB)]));
    // Readers that do not read yet, as slow clients: each holds its connection.
    const held = await Promise.all(Array.from({ length: 60 }, () => store.read(key)));
    try {
      const next = await store.read(key, { start: 0, end: 9 });
      expect((await buffer(next)).length).toBe(10);
    } finally {
      for (const body of held) body.destroy();
    }
  });

  it('answers a missing object: stat undefined, read ObjectNotFoundError, delete is fine', async () => {
    const { store } = await newStore();
    const key = newStorageKey('resources', '.pdf');
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.read(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.read(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes an object, after which stat is undefined and it is not listed', async () => {
    const { store } = await newStore();
    const key = newStorageKey('screenshots', '.png');
    await store.put(key, Readable.from([Buffer.from('png bytes')]));
    expect(await store.stat(key)).toMatchObject({ key, size: 9 });
    await store.delete(key);
    expect(await store.stat(key)).toBeUndefined();
    expect(await keysUnder(store, 'screenshots')).toEqual([]);
  });

  it('lists every object under a prefix across several pages, and nothing under look-alike prefixes', async () => {
    const { store } = await newStore({}, { listPageSize: 2 });
    const wanted = [];
    for (let i = 0; i < 7; i++) {
      const key = newStorageKey('resources', '.pdf');
      await store.put(key, Readable.from([Buffer.alloc(i + 1)]));
      wanted.push(key);
    }
    await store.put(newStorageKey('resources-old'), Readable.from([Buffer.from('x')]));
    await store.put(newStorageKey('screenshots'), Readable.from([Buffer.from('x')]));
    const listed = [];
    for await (const info of store.list('resources')) listed.push(info);
    expect(listed.map((i) => i.key).sort()).toEqual(wanted.sort());
    expect(listed.map((i) => i.size).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const info of listed) expect(Math.abs(info.modifiedAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('keeps an install under its prefix inside a shared bucket', async () => {
    const { bucket, store } = await newStore({ prefix: 'college-a' });
    const other = new S3FileStore(configFor(bucket, { prefix: 'college-b' }));
    const key = newStorageKey('resources', '.pdf');
    await store.put(key, Readable.from([Buffer.from('a')]));
    expect(await s3.storedEntries(bucket)).toEqual([`college-a/${key}`]);
    expect(await keysUnder(store, 'resources')).toEqual([key]);
    expect(await keysUnder(other, 'resources')).toEqual([]);
    expect(await other.stat(key)).toBeUndefined();
  });

  it('refuses an object over maxBytes in a multipart upload, aborts it, and leaves nothing behind', async () => {
    const { bucket, store } = await newStore();
    const key = newStorageKey('resources', '.pdf');
    const body = Readable.from((function* () {
      for (let i = 0; i < 12; i++) yield Buffer.alloc(MB, i);
    })());
    await expect(store.put(key, body, { maxBytes: 11 * MB })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(body.destroyed).toBe(true);
    expect(await store.stat(key)).toBeUndefined();
    expect(await keysUnder(store, 'resources')).toEqual([]);
    // Not even the parts of an unfinished multipart upload.
    expect(await s3.storedEntries(bucket)).toEqual([]);
  });

  it('refuses a small object over maxBytes and accepts one of exactly maxBytes', async () => {
    const { bucket, store } = await newStore();
    const tooBig = newStorageKey('resources');
    await expect(store.put(tooBig, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await s3.storedEntries(bucket)).toEqual([]);
    const exact = newStorageKey('resources');
    expect(await store.put(exact, Readable.from([Buffer.alloc(1000)]), { maxBytes: 1000 })).toEqual({ key: exact, size: 1000 });
  });

  it('leaves nothing behind when the incoming stream fails midway through a multipart upload', async () => {
    const { bucket, store } = await newStore();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 7 * MB) return void this.destroy(new Error('client went away'));
        sent += MB;
        this.push(Buffer.alloc(MB, 1));
      },
    });
    await expect(store.put(newStorageKey('resources'), failing)).rejects.toThrow('client went away');
    expect(await s3.storedEntries(bucket)).toEqual([]);
  });

  it('stores nothing when the incoming stream ends early without an error', async () => {
    const { bucket, store } = await newStore();
    const aborted = new Readable({ read() {} });
    aborted.push(Buffer.alloc(1000));
    setImmediate(() => aborted.destroy());
    await expect(store.put(newStorageKey('resources'), aborted)).rejects.toThrow();
    expect(await s3.storedEntries(bucket)).toEqual([]);
  });

  it('rejects unsafe keys before any request', async () => {
    const { store } = await newStore();
    await expect(store.put('../etc/passwd', Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
    await expect(store.stat('Resources/A')).rejects.toThrow('Invalid storage key');
  });

  it('does not mistake a missing bucket for a missing object', async () => {
    const store = new S3FileStore(configFor('no-such-bucket'));
    const key = newStorageKey('resources');
    await expect(store.read(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.delete(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('S3FileStore.check (start-up and readiness)', () => {
  it('passes when the bucket is there', async () => {
    const { store } = await newStore();
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('names the bucket and endpoint when the bucket is missing', async () => {
    const store = new S3FileStore(configFor('no-such-bucket'));
    const error = await store.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toBe(
      `Storage bucket is missing: s3://no-such-bucket at ${s3.endpoint} (HTTP 404: create the bucket or fix STORAGE_URL)`,
    );
  });

  it('says at once that an endpoint nobody listens on is unreachable', { timeout: 20_000 }, async () => {
    const port = await freePort();
    const store = new S3FileStore(configFor('studyshelf', { endpoint: `http://127.0.0.1:${port}`, prefix: 'college-a' }));
    const error = await store.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toBe(
      `Storage is unreachable: s3://studyshelf/college-a at http://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });
});
