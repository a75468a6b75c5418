import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account.js';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { MAX_ZIP_FILES, SHELF_MESSAGES, SHELF_ZIP_NAME } from '../../src/shared/shelf.js';
import { unitOfWork } from '../../src/server/db/unit-of-work.js';
import { AccountRepository } from '../../src/server/modules/accounts/account.repository.js';
import { createFileStore } from '../../src/server/storage/create-file-store.js';
import type { FileStore } from '../../src/server/storage/file-store.js';
import { makePdf } from '../support/pdf-fixture.js';
import { readZip } from '../support/zip.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Account = Awaited<ReturnType<typeof signedIn>>;

/** Reads made through the store: how many streams were open at most at one time. */
const reads = {
  open: 0,
  most: 0,
  total: 0,
  failing: undefined as string | undefined,
  endless: undefined as string | undefined,
  /** Streams close a while after their last byte, as a network stream may. */
  closeLate: false,
};
function countingStore(store: FileStore): FileStore {
  return Object.assign(Object.create(store) as FileStore, {
    async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
      if (key === reads.failing) {
        // A storage failure mid-file: some bytes, then an error (a bucket dropping the connection).
        const stream = new PassThrough();
        stream.write(Buffer.alloc(100));
        setTimeout(() => stream.destroy(new Error('storage went away')), 20);
        return stream;
      }
      const read = key === reads.endless ? endlessStream() : await store.read(key, range);
      const stream = reads.closeLate ? closingLate(read) : read;
      reads.total++;
      reads.open++;
      reads.most = Math.max(reads.most, reads.open);
      stream.once('close', () => reads.open--);
      return stream;
    },
  });
}

/** The same bytes, with 'close' coming 30 ms after 'end'. */
function closingLate(source: Readable): Readable {
  const late = new PassThrough({
    destroy(error, callback) {
      setTimeout(() => {
        source.destroy();
        callback(error);
      }, 30);
    },
  });
  source.on('error', (error) => late.destroy(error));
  return source.pipe(late);
}

/** Zeros for ever, as fast as they are read. */
function endlessStream(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024));
    },
  });
}

describe(`My shelf (${testDialect})`, () => {
  let t: TestApp;
  const clock = testClock();
  let cr: Account;
  /** Three uploads: their ids and the exact bytes stored. */
  const files: Array<{ id: string; bytes: Buffer; name: string; subject: string }> = [];

  beforeAll(async () => {
    t = await createTestApp({}, { fileStore: (config) => countingStore(createFileStore(config.storage)), clock: clock.now });
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    // Two share a subject, type, year and file name: their zip names must still differ.
    const specs = [
      { name: 'Unit 1.pdf', subject: 'Data Structures', size: 4000 },
      { name: 'Unit 1.pdf', subject: 'Data Structures', size: 9000 },
      { name: 'Paper: "mid-sem"?.pdf', subject: 'Operating Systems', size: 6000 },
    ];
    for (const spec of specs) {
      const bytes = makePdf({ exactBytes: spec.size, text: `shelf ${spec.size} ${Math.random()}` });
      const res = await upload(t, cr.cookie, { file: { name: spec.name, bytes }, fields: { subject: spec.subject } });
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      files.push({ id: res.json().resource.id, bytes, name: spec.name, subject: spec.subject });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who?: Account, payload?: object) =>
    t.api.request(method, url, payload, { as: who });
  const save = (id: string, who: Account) => call('PUT', `/api/shelf/${id}`, who);
  const unsave = (id: string, who: Account) => call('DELETE', `/api/shelf/${id}`, who);
  const idsOf = async (who: Account) => (await call('GET', '/api/shelf/ids', who)).json().ids as string[];
  const rowsOf = (who: Account) => t.db.kysely.selectFrom('shelf_item').selectAll().where('user_id', '=', who.user.id).execute();
  const zipOf = (who: Account, ids?: string[]) => call('GET', ids ? `/api/shelf/zip?ids=${ids.join(',')}` : '/api/shelf/zip', who);
  /**
   * A new student whose shelf holds `ids`, saved in this order (the last is the newest): each
   * test builds the shelf it asserts on, so the tests pass in any order.
   */
  const studentWithShelf = async (name: string, ids: string[] = []) => {
    const student = await signedIn(t, 'STUDENT', name);
    for (const id of ids) {
      clock.advance();
      expect((await save(id, student)).statusCode).toBe(200);
    }
    return student;
  };
  /** A file of its own, uploaded by the CR: for a test that deletes it. */
  const ownUpload = async (name: string, subject: string) => {
    const bytes = makePdf({ exactBytes: 5000, text: `own ${name} ${Math.random()}` });
    const res = await upload(t, cr.cookie, { file: { name, bytes }, fields: { subject } });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().resource.id as string, bytes, name, subject };
  };
  const downloadsOf = async (id: string) =>
    Number((await t.db.kysely.selectFrom('resource').select('downloads').where('id', '=', id).executeTakeFirstOrThrow()).downloads);

  it('signed out: 401 on every shelf call, and nothing is stored', async () => {
    const allRows = () => t.db.kysely.selectFrom('shelf_item').selectAll().execute();
    const before = await allRows();
    for (const [method, url] of [
      ['GET', '/api/shelf'],
      ['GET', '/api/shelf/ids'],
      ['PUT', `/api/shelf/${files[0]!.id}`],
      ['DELETE', `/api/shelf/${files[0]!.id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.loginRequired);
    }
    for (const res of [await call('GET', '/api/shelf/zip'), await call('POST', '/api/shelf/download', undefined, {})]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(RESOURCE_MESSAGES.loginToDownload);
    }
    expect(await allRows()).toEqual(before);
  });

  it('is documented in the OpenAPI description', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/shelf', '/api/shelf/ids', '/api/shelf/{resourceId}', '/api/shelf/download', '/api/shelf/zip']) {
      expect(paths).toContain(path);
    }
  });

  it('saving is idempotent: the same row, the same time, the same count', async () => {
    const alice = await studentWithShelf('Alice Student');
    const first = await save(files[0]!.id, alice);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ saved: true, count: 1 });
    const [row] = await rowsOf(alice);
    const again = await Promise.all([save(files[0]!.id, alice), save(files[0]!.id, alice)]);
    for (const res of again) expect(res.json()).toEqual({ saved: true, count: 1 });
    expect(await rowsOf(alice)).toEqual([row]);
  });

  it('removing is idempotent too, and an unknown or malformed id is answered plainly', async () => {
    const alice = await studentWithShelf('Alice Student', [files[0]!.id]);
    await save(files[1]!.id, alice);
    expect((await unsave(files[1]!.id, alice)).json()).toEqual({ saved: false, count: 1 });
    expect((await unsave(files[1]!.id, alice)).json()).toEqual({ saved: false, count: 1 });
    const unknown = await save(randomUUID(), alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RESOURCE_MESSAGES.notFound);
    expect((await save('not-an-id', alice)).statusCode).toBe(400);
    expect(await idsOf(alice)).toEqual([files[0]!.id]);
  });

  it('lists the saved resources newest saved first, in the browse list\'s shape', async () => {
    const alice = await studentWithShelf('Alice Student', [files[0]!.id]);
    clock.advance();
    await save(files[2]!.id, alice);
    const res = await call('GET', '/api/shelf', alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { items } = res.json() as { items: Array<{ savedAt: string; resource: { id: string } }> };
    expect(items.map((i) => i.resource.id)).toEqual([files[2]!.id, files[0]!.id]);
    const one = await call('GET', `/api/resources/${files[2]!.id}`, alice);
    expect(items[0]!.resource).toEqual(one.json().resource);
    expect(Date.parse(items[0]!.savedAt)).toBeGreaterThanOrEqual(Date.parse(items[1]!.savedAt));
    expect(await idsOf(alice)).toEqual([files[2]!.id, files[0]!.id]);
  });

  it('nobody sees, changes or zips another user\'s shelf', async () => {
    const alice = await studentWithShelf('Alice Student', [files[0]!.id, files[2]!.id]);
    const bob = await studentWithShelf('Bob Student');
    const admin = await signedIn(t, 'ADMIN', 'Ada Admin');
    expect((await call('GET', '/api/shelf', bob)).json()).toEqual({ items: [] });
    expect(await idsOf(bob)).toEqual([]);
    // Bob removing "his" copy of Alice's item changes nothing of hers.
    expect((await unsave(files[0]!.id, bob)).json()).toEqual({ saved: false, count: 0 });
    expect(await idsOf(alice)).toEqual([files[2]!.id, files[0]!.id]);
    const zip = await zipOf(bob, [files[0]!.id]);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toBe(SHELF_MESSAGES.nothingToZip);
    const whole = await zipOf(bob);
    expect(whole.json().message).toBe(SHELF_MESSAGES.shelfEmpty);
    // Admins see names on the list (SPEC.md §6), but still only their own shelf.
    await save(files[0]!.id, admin);
    const adminList = (await call('GET', '/api/shelf', admin)).json().items;
    expect(adminList).toHaveLength(1);
    expect(adminList[0].resource.uploadedByName).toBe('Chirag Rep');
  });

  it('zips the shelf: stored entries with readable unique names and exactly the stored bytes, streamed one file at a time', async () => {
    const alice = await studentWithShelf('Alice Student', [files[0]!.id, files[2]!.id]);
    clock.advance();
    await save(files[1]!.id, alice);
    // Streams of earlier tests are closed before counting starts.
    await expect.poll(() => reads.open).toBe(0);
    reads.most = 0;
    reads.total = 0;
    reads.closeLate = true;
    const res = await zipOf(alice).finally(() => {
      reads.closeLate = false;
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${SHELF_ZIP_NAME}"`);
    expect(res.headers['content-encoding']).toBeUndefined();
    // Known before the first byte (every entry stored with its size), and exact.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = await readZip(res.rawPayload);
    // Shelf order: newest saved first.
    expect(entries.map((e) => e.name)).toEqual([
      'Data Structures - Notes - 2024-25 - Unit 1.pdf',
      "Operating Systems - Notes - 2024-25 - Paper 'mid-sem'.pdf",
      'Data Structures - Notes - 2024-25 - Unit 1 (2).pdf',
    ]);
    const byId = [files[1]!, files[2]!, files[0]!];
    entries.forEach((entry, i) => {
      expect(entry.compressionMethod).toBe(0);
      expect(entry.bytes.equals(byId[i]!.bytes)).toBe(true);
    });
    expect(reads.total).toBe(3);
    expect(reads.most).toBe(1);
  });

  it('zips only the chosen ids (those on the shelf), and caps a zip at MAX_ZIP_FILES files with a clear message', async () => {
    const alice = await studentWithShelf('Alice Student', files.map((f) => f.id));
    const res = await zipOf(alice, [files[2]!.id, randomUUID()]);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(["Operating Systems - Notes - 2024-25 - Paper 'mid-sem'.pdf"]);
    expect(entries[0]!.bytes.equals(files[2]!.bytes)).toBe(true);

    const tooMany = Array.from({ length: MAX_ZIP_FILES + 1 }, () => randomUUID());
    const capped = await zipOf(alice, tooMany);
    expect(capped.statusCode).toBe(400);
    expect(capped.json().message).toBe(`A zip can hold at most 50 files (you chose 51). Choose fewer files and try again.`);
    expect(SHELF_MESSAGES.tooManyFiles(51)).toBe(capped.json().message);
    const post = await call('POST', '/api/shelf/download', alice, { ids: tooMany });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toBe(capped.json().message);
    expect((await zipOf(alice, ['nope'])).statusCode).toBe(400);
  });

  it('a file that fails to read mid-zip breaks the download instead of leaving a zip without it', async () => {
    const alice = await studentWithShelf('Alice Student', files.map((f) => f.id));
    const key = (await t.db.kysely.selectFrom('resource').select('file_key').where('id', '=', files[0]!.id).executeTakeFirstOrThrow()).file_key;
    reads.failing = key;
    try {
      // The answer had started (200, Content-Length): the connection is cut short.
      await expect(zipOf(alice)).rejects.toThrow('response destroyed before completion');
    } finally {
      reads.failing = undefined;
    }
  });

  it('a client that goes away mid-zip leaves no file open on the server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    // A file that never ends (a huge one): it is still being read when the client goes.
    const key = (await t.db.kysely.selectFrom('resource').select('file_key').where('id', '=', files[1]!.id).executeTakeFirstOrThrow()).file_key;
    reads.endless = key;
    const bob = await studentWithShelf('Bob Student');
    await save(files[1]!.id, bob);
    try {
      const abort = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/shelf/zip`, { headers: { cookie: bob.cookie }, signal: abort.signal });
      expect(res.status).toBe(200);
      await res.body!.getReader().read();
      expect(reads.open).toBe(1);
      abort.abort();
      await expect.poll(() => reads.open, { timeout: 10_000 }).toBe(0);
    } finally {
      reads.endless = undefined;
      await unsave(files[1]!.id, bob);
    }
  });

  it('counts each file of a zip as a download, once per user and day, like a single download', async () => {
    const alice = await studentWithShelf('Alice Student', [files[0]!.id, files[2]!.id, files[1]!.id]);
    const before = await Promise.all(files.map((f) => downloadsOf(f.id)));
    const res = await call('POST', '/api/shelf/download', alice, { ids: [files[0]!.id, files[2]!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: `/api/shelf/zip?ids=${files[2]!.id},${files[0]!.id}`, files: 2 });
    expect(await Promise.all(files.map((f) => downloadsOf(f.id)))).toEqual([before[0]! + 1, before[1]!, before[2]! + 1]);
    // Again the same day, and then the whole shelf: only the file not yet counted today counts.
    await call('POST', '/api/shelf/download', alice, { ids: [files[0]!.id, files[2]!.id] });
    const all = await call('POST', '/api/shelf/download', alice, {});
    expect(all.json()).toEqual({ url: '/api/shelf/zip', files: 3 });
    expect(await Promise.all(files.map((f) => downloadsOf(f.id)))).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1]);
  });

  it('a deleted resource leaves every shelf, and a deleted user\'s shelf goes with them', async () => {
    // Its own three files: deleting one of the shared ones would change the other tests' library.
    const own = [await ownUpload('Own 1.pdf', 'Networks'), await ownUpload('Own 2.pdf', 'Networks'), await ownUpload('Own 3.pdf', 'Compilers')];
    const alice = await studentWithShelf('Alice Student', [own[0]!.id, own[2]!.id, own[1]!.id]);
    const bob = await studentWithShelf('Bob Student');
    const admin = await signedIn(t, 'ADMIN', 'Ada Admin');
    await save(own[2]!.id, bob);
    const res = await call('DELETE', `/api/resources/${own[2]!.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await idsOf(alice)).toEqual([own[1]!.id, own[0]!.id]);
    expect(await idsOf(bob)).toEqual([]);
    expect((await call('GET', '/api/shelf', alice)).json().items).toHaveLength(2);
    expect((await readZip((await zipOf(alice)).rawPayload)).map((e) => e.name)).toHaveLength(2);
    expect((await save(own[2]!.id, alice)).statusCode).toBe(404);

    await unitOfWork(t.db.kysely, (tx) => new AccountRepository(tx).deleteUserRows(alice.user.id));
    expect(await rowsOf(alice)).toEqual([]);
  });
});
