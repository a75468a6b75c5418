import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimingFileStore } from '../../src/server/storage/claiming-file-store.js';
import { writeClaimsDir } from '../../src/server/storage/create-file-store.js';
import type { FileStore } from '../../src/server/storage/file-store.js';
import { LocalFileStore } from '../../src/server/storage/local-file-store.js';
import { S3FileStore } from '../../src/server/storage/s3-file-store.js';
import { WriteClaims, type ProcessIdentity } from '../../src/server/storage/write-claims.js';
import { makePdf } from '../support/pdf-fixture.js';
import { storedFiles } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** A stored object under `key`, written through `store` (the bytes of a small real PDF). */
async function putPdf(store: FileStore, key: string) {
  const bytes = makePdf({ text: `left behind ${key}` });
  await store.put(key, Readable.from([bytes]));
  return bytes;
}

/**
 * What a server killed with kill -9 mid-upload leaves in DATA_DIR: a stored PDF whose row was
 * never written, and a temporary file it was still writing. The next start on the same host
 * removes both at once (its writes were claimed under its host and pid), where before they
 * waited for the hourly sweep's one-hour age; what that process did record, what this process is
 * writing and what another host is writing stay.
 */
describe(`leftovers of a killed process are swept at the next start (${testDialect})`, () => {
  let t: TestApp;
  let dead: ProcessIdentity;
  /** The same store as the app's, as the killed process (or another host) wrote through it. */
  const storeOf = (writer: ProcessIdentity): FileStore => {
    const storage = t.config.storage;
    const inner = storage.driver === 'local' ? new LocalFileStore(storage.root, { writer }) : new S3FileStore(storage);
    return new ClaimingFileStore(inner, new WriteClaims(writeClaimsDir(t.config.dataDir), writer));
  };

  beforeAll(async () => {
    t = await createTestApp({ PROCESSING_CONCURRENCY: '0' });
    // A pid that ran on this host and has ended: a finished child's.
    const child = spawnSync(process.execPath, ['-e', '']);
    dead = { host: hostname(), pid: child.pid, startedAt: Date.now() - 60_000 };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes its unrecorded PDFs and temporary files, and keeps every other file', async () => {
    const killed = storeOf(dead);
    const unrecorded = `resources/${randomUUID()}.pdf`;
    await putPdf(killed, unrecorded);
    // An upload it finished: file and row.
    const recorded = `resources/${randomUUID()}.pdf`;
    const bytes = await putPdf(killed, recorded);
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('resource')
      .values({
        id: randomUUID(),
        file_key: recorded,
        file_name: 'kept.pdf',
        original_name: 'kept.pdf',
        title: 'kept',
        subject: 'Data Structures',
        semester: 3,
        resource_type: 'NOTES',
        course: 'btech',
        branch: 'cse',
        academic_year: '2024-25',
        downloads: 0,
        file_size_mb: 0,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        page_count: 1,
        uploaded_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Still being recorded by a live process: this one, and a process on another host.
    const mine = `resources/${randomUUID()}.pdf`;
    await putPdf(t.fileStore, mine);
    const elsewhere = `resources/${randomUUID()}.pdf`;
    await putPdf(storeOf({ ...dead, host: 'another-host' }), elsewhere);

    // Killed mid-write: its temporary file (local disk; a bucket keeps no such file).
    const incoming = path.join(t.dataDir, 'files', '.incoming');
    const halfWritten = new PassThrough();
    let writing: Promise<unknown> | undefined;
    if (t.config.storage.driver === 'local') {
      writing = killed.put(`resources/${randomUUID()}.pdf`, halfWritten).catch(() => undefined);
      halfWritten.write(Buffer.alloc(64 * 1024, 1));
      await expect.poll(async () => (await readdir(incoming).catch(() => [])).length).toBe(1);
    }

    try {
      expect(await t.services.resources.sweepOrphans()).toBe(1);
      expect((await t.fileStore.sweepTemporaries?.()) ?? 0).toBe(writing ? 1 : 0);
      expect((await storedFiles(t)).map((file) => file.split(path.sep).join('/')).sort()).toEqual([elsewhere, mine, recorded].sort());
      // The killed process's claims are gone once used; this one's and the other host's stay.
      await t.fileStore.pruneWriteClaims?.();
      expect((await readdir(writeClaimsDir(t.config.dataDir))).length).toBe(2);
    } finally {
      halfWritten.destroy();
      await writing;
    }
  });
});
