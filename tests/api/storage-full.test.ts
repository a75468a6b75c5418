import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Readable, Transform } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/server/storage/local-file-store.js';
import { noisyPng } from '../support/encoded-images.js';
import { makePdf } from '../support/pdf-fixture.js';
import { postReport, reportRows } from './helpers/reports.js';
import { resourceRows, signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, testStorage, type TestApp } from './helpers/test-app.js';

const STORAGE_FULL = { statusCode: 507, code: 'STORAGE_FULL', message: 'Storage is full. Please contact the administrators.' };

/** The real local store on a disk that fills up: every write fails after its first 1 KiB. */
class FullDiskStore extends LocalFileStore {
  full = false;
  override put(key: string, body: Readable, options?: { maxBytes?: number }) {
    if (!this.full) return super.put(key, body, options);
    let written = 0;
    const disk = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written <= 1024) return callback(null, chunk);
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
      },
    });
    disk.on('error', () => undefined); // put() sees the failure through its pipeline
    body.on('error', (error) => disk.destroy(error));
    return super.put(key, body.pipe(disk), options);
  }
}

/** A resource row with random keys, straight into the table (no file). */
function fillerResource() {
  const id = randomUUID();
  const now = new Date().toISOString();
  return {
    id,
    file_key: `resources/${id}.pdf`,
    file_name: 'filler.pdf',
    original_name: 'filler.pdf',
    subject: 'Filler',
    semester: 3,
    resource_type: 'NOTES',
    course: 'btech',
    branch: 'cse',
    academic_year: '2024-25',
    downloads: 0,
    file_size_mb: 0,
    size_bytes: 1,
    sha256: randomBytes(32).toString('hex'),
    page_count: 1,
    uploaded_by: null,
    created_at: now,
    updated_at: now,
  };
}

/** A full disk is a clear 507 "Storage is full", leaves no file and no row, and /readyz reports it. */
// The injected fault is a local disk filling up; an S3 run (TEST_STORAGE=s3) has no such disk.
describe.runIf(testStorage === 'local')(`storage full (${testDialect})`, () => {
  let t: TestApp;
  let store: FullDiskStore;
  let cr: Awaited<ReturnType<typeof signedIn>>;

  // A fresh app for each test: each asserts that no file and no row was kept, so none may see another's upload.
  beforeEach(async () => {
    t = await createTestApp(
      {},
      {
        fileStore: (config) => {
          if (config.storage.driver !== 'local') throw new Error('a full local disk needs local storage');
          return (store = new FullDiskStore(config.storage.root));
        },
      },
    );
    cr = await signedIn(t, 'CR');
  });
  afterEach(async () => {
    await t.close();
  });

  it('an upload on a full disk answers 507 and keeps neither file nor row', async () => {
    store.full = true;
    try {
      const res = await upload(t, cr.cookie, { file: { name: 'big.pdf', bytes: makePdf({ text: 'no room', exactBytes: 50_000 }) } });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toMatchObject(STORAGE_FULL);
    } finally {
      store.full = false;
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await resourceRows(t)).toHaveLength(0);
  });

  it('a report screenshot on a full disk answers 507 and keeps neither file nor row', async () => {
    store.full = true;
    try {
      // Random pixels: what is stored after re-encoding is still far over the 1 KiB the disk takes.
      const res = await postReport(t, cr.cookie, { screenshot: { bytes: await noisyPng() } });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toMatchObject(STORAGE_FULL);
    } finally {
      store.full = false;
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await reportRows(t)).toHaveLength(0);
  });

  it.runIf(testDialect === 'sqlite')('a full SQLite database ("database or disk is full") answers 507 and keeps no file', async () => {
    // Fill the database to a page limit just above its size, as a full disk would: resource rows
    // until 30 in a row find no room (every page the next upload's row would go to is full).
    const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db.kysely)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${page_count + 4}`).execute(t.db.kysely);
    let failuresInARow = 0;
    for (let i = 0; i < 5000 && failuresInARow < 30; i++) {
      const full = await t.db.kysely
        .insertInto('resource')
        .values(fillerResource())
        .execute()
        .then(
          () => false,
          (error: { code?: string }) => {
            if (error.code !== 'SQLITE_FULL') throw error;
            return true;
          },
        );
      failuresInARow = full ? failuresInARow + 1 : 0;
    }
    expect(failuresInARow).toBe(30);
    try {
      const res = await upload(t, cr.cookie, { file: { name: 'fits.pdf', bytes: makePdf({ text: 'file fits, row does not' }) } });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toMatchObject(STORAGE_FULL);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.db.kysely);
      await t.db.kysely.deleteFrom('resource').where('subject', '=', 'Filler').execute();
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await resourceRows(t)).toHaveLength(0);
    const again = await upload(t, cr.cookie);
    expect(again.statusCode, again.body).toBe(201);
  });

  it.runIf(testDialect === 'postgres')('a full PostgreSQL disk (53100 disk_full) answers 507 and keeps no file', async () => {
    // PostgreSQL's answer when it cannot extend a table file, raised for the upload's row.
    await sql`create function studyshelf_test_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`.execute(t.db.kysely);
    await sql`create trigger studyshelf_test_disk_full before insert on resource
      for each row execute function studyshelf_test_disk_full()`.execute(t.db.kysely);
    try {
      const res = await upload(t, cr.cookie, { file: { name: 'fits.pdf', bytes: makePdf({ text: 'file fits, row does not' }) } });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toMatchObject(STORAGE_FULL);
    } finally {
      await sql`drop trigger studyshelf_test_disk_full on resource`.execute(t.db.kysely);
      await sql`drop function studyshelf_test_disk_full()`.execute(t.db.kysely);
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await resourceRows(t)).toHaveLength(0);
    const again = await upload(t, cr.cookie);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('/readyz is 503 with the reason while free space is under the minimum', async () => {
    const ready = await t.api.get('/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    const tight = await createTestApp({ MIN_FREE_DISK_MB: '10000000' });
    try {
      const res = await tight.api.get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        storage: 'full',
        reason: 'Not ready: less than 10000000 MB of disk space is free.',
      });
    } finally {
      await tight.close();
    }
  });
});

/**
 * The reserve: under MIN_FREE_DISK_MB free, files are refused before they are stored, so the
 * small writes everyone depends on (sessions, download counters) keep their room. A huge minimum
 * puts the test's real disk under it. Where free space is unknown (S3 with PostgreSQL) there is
 * no reserve to test.
 */
describe.runIf(testStorage === 'local' || testDialect === 'sqlite')(`the disk reserve (${testDialect})`, () => {
  let t: TestApp;
  let resourceId: string;
  const pdf = makePdf({ text: 'kept before the disk filled' });

  beforeAll(async () => {
    t = await createTestApp({ MIN_FREE_DISK_MB: '10000000' });
    // A resource stored before the disk filled up: its row and file, straight in.
    const row = fillerResource();
    resourceId = row.id;
    await t.fileStore.put(row.file_key, Readable.from([pdf]));
    await t.db.kysely
      .insertInto('resource')
      .values({ ...row, size_bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses uploads and screenshots with 507, keeping neither file nor row', async () => {
    const cr = await signedIn(t, 'CR');
    const filesBefore = await storedFiles(t);
    const res = await upload(t, cr.cookie);
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toMatchObject(STORAGE_FULL);
    const report = await postReport(t, cr.cookie, { screenshot: { bytes: await noisyPng() } });
    expect(report.statusCode, report.body).toBe(507);
    expect(report.json()).toMatchObject(STORAGE_FULL);
    expect(await storedFiles(t)).toEqual(filesBefore);
    expect((await resourceRows(t)).map((r) => r.id)).toEqual([resourceId]);
    expect(await reportRows(t)).toHaveLength(0);
  });

  it("still checks a form's fields first, and asks a visitor to sign in", async () => {
    const cr = await signedIn(t, 'CR');
    const missing = await upload(t, cr.cookie, { fields: { subject: '' } });
    expect(missing.statusCode, missing.body).toBe(400);
    const visitor = await upload(t, undefined);
    expect(visitor.statusCode, visitor.body).toBe(401);
  });

  it('lets everyone sign in, download (counted), read files and send a report without a screenshot', async () => {
    const student = await signedIn(t, 'STUDENT'); // a login: a session row written
    const download = await t.api.post(`/api/resources/${resourceId}/download`, undefined, { as: student });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json()).toMatchObject({ downloads: 1 });
    const file = await t.api.get(`/api/resources/${resourceId}/file`, { as: student });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const report = await postReport(t, student.cookie);
    expect(report.statusCode, report.body).toBe(201);
    expect(await reportRows(t)).toHaveLength(1);
  });
});
