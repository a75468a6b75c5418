import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { makePdf } from '../support/pdf-fixture.js';
import { resourceRows, signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

const FOREIGN_ORIGIN = 'https://evil.example';
const SIZE = 5000;

describe(`downloads, file bytes and delete (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let admin: Session;
  let student: Session;
  /** The main resource: exactly SIZE bytes, uploaded as "DS Unit 1.pdf". */
  let id: string;
  let bytes: Buffer;

  // A fresh app for each test, so no test sees another's rows, files or counts (any order passes).
  beforeEach(async () => {
    t = await createTestApp();
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    admin = await signedIn(t, 'ADMIN');
    student = await signedIn(t, 'STUDENT');
    bytes = makePdf({ exactBytes: SIZE, text: 'byte ranges' });
    const res = await upload(t, cr.cookie, { file: { name: 'DS Unit 1.pdf', bytes } });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    id = res.json().resource.id;
  });
  afterEach(async () => {
    await t.close();
  });

  const rowOf = async (resourceId: string) => (await resourceRows(t)).find((r) => r.id === resourceId);
  const downloadsOf = async (resourceId: string) => Number((await rowOf(resourceId))?.downloads);

  function download(resourceId: string, cookie: string | undefined, headers: Record<string, string> = {}) {
    return t.api.post(`/api/resources/${resourceId}/download`, undefined, { as: cookie, headers });
  }

  function getFile(resourceId: string, cookie: string | undefined, headers: Record<string, string> = {}) {
    return t.api.get(`/api/resources/${resourceId}/file`, { as: cookie, headers });
  }

  function remove(resourceId: string, cookie: string | undefined, headers: Record<string, string> = {}) {
    return t.api.delete(`/api/resources/${resourceId}`, { as: cookie, headers });
  }

  async function uploadAnother(name = 'other.pdf') {
    const res = await upload(t, cr.cookie, { file: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resource as { id: string; originalName: string };
  }

  describe('counting downloads', () => {
    it('signed out: 401 "Please login to download resources", and nothing is counted', async () => {
      const before = await downloadsOf(id);
      const res = await download(id, undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: RESOURCE_MESSAGES.loginToDownload });
      expect(RESOURCE_MESSAGES.loginToDownload).toBe('Please login to download resources');
      expect(await downloadsOf(id)).toBe(before);
    });

    it('signed in (any role): 200 with the file address and the new count; the row gains one', async () => {
      let expected = await downloadsOf(id);
      for (const session of [student, cr, admin]) {
        const res = await download(id, session.cookie);
        expect(res.statusCode, res.body).toBe(200);
        expected++;
        expect(res.json()).toEqual({ url: `/api/resources/${id}/file`, downloads: expected });
        expect(await downloadsOf(id)).toBe(expected);
      }
      const one = await t.api.get(`/api/resources/${id}`, { as: student });
      expect(one.json().resource.downloads).toBe(expected);
    });

    it('one user repeating the call, even 100 times in parallel, counts once a day', async () => {
      const before = await downloadsOf(id);
      const eager = await signedIn(t, 'STUDENT');
      const results = await Promise.all(Array.from({ length: 100 }, () => download(id, eager.cookie)));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      expect(await downloadsOf(id)).toBe(before + 1);
      expect(new Set(results.map((r) => r.json().downloads))).toEqual(new Set([before + 1]));
      const again = await download(id, eager.cookie);
      expect(again.json()).toEqual({ url: `/api/resources/${id}/file`, downloads: before + 1 });
      const rows = await t.db.kysely.selectFrom('resource_download').selectAll().where('user_id', '=', eager.user.id).execute();
      expect(rows).toEqual([{ resource_id: id, user_id: eager.user.id, day: new Date().toISOString().slice(0, 10) }]);
      // The next day it counts again (the day is the service's clock, given here).
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
      expect(await t.services.resources.recordDownload(eager.user, id, tomorrow)).toBe(before + 2);
      expect(await t.services.resources.recordDownload(eager.user, id, tomorrow)).toBe(before + 2);
    });

    it('ten users downloading in parallel, five times each, raise the count by exactly ten', async () => {
      const before = await downloadsOf(id);
      const users = await Promise.all(Array.from({ length: 10 }, () => signedIn(t, 'STUDENT')));
      const results = await Promise.all(users.flatMap((u) => Array.from({ length: 5 }, () => download(id, u.cookie))));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      expect(await downloadsOf(id)).toBe(before + 10);
    });

    it('downloading a second resource counts there, separately', async () => {
      const other = await uploadAnother('counted.pdf');
      expect((await download(other.id, student.cookie)).json().downloads).toBe(1);
      expect((await download(other.id, student.cookie)).json().downloads).toBe(1);
      expect((await download(other.id, cr.cookie)).json().downloads).toBe(2);
    });

    it('an unknown resource gets 404 and a malformed id 400; no row changes', async () => {
      const before = (await resourceRows(t)).map((r) => [r.id, Number(r.downloads)]);
      const unknown = await download(randomUUID(), student.cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: RESOURCE_MESSAGES.notFound });
      const malformed = await download('nope', student.cookie);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((await resourceRows(t)).map((r) => [r.id, Number(r.downloads)])).toEqual(before);
    });

    it('a foreign Origin is refused with 403 and counts nothing; our own origin is fine', async () => {
      const before = await downloadsOf(id);
      const foreign = await download(id, student.cookie, { origin: FOREIGN_ORIGIN });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      const crossSite = await download(id, student.cookie, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode).toBe(403);
      expect(await downloadsOf(id)).toBe(before);

      const newcomer = await signedIn(t, 'STUDENT');
      const own = await download(id, newcomer.cookie, { origin: new URL(t.config.publicUrl).origin });
      expect(own.statusCode, own.body).toBe(200);
      expect(await downloadsOf(id)).toBe(before + 1);
    });
  });

  describe('the file bytes', () => {
    it('the download address serves the exact PDF as an attachment under its original name', async () => {
      const { url } = (await download(id, student.cookie)).json();
      const res = await t.api.get(url, { as: student });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(Number(res.headers['content-length'])).toBe(SIZE);
      expect(res.rawPayload.length).toBe(SIZE);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('attachment; filename="DS Unit 1.pdf"');
    });

    it('every role may read the bytes; signed out gets 401 and no bytes', async () => {
      for (const session of [student, cr, admin]) {
        const res = await getFile(id, session.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
      const res = await getFile(id, undefined);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
    });

    it('is never compressed, even when the client accepts gzip and br', async () => {
      const res = await getFile(id, student.cookie, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(SIZE);
      expect(res.rawPayload.equals(bytes)).toBe(true);

      const ranged = await getFile(id, student.cookie, { 'accept-encoding': 'gzip, br', range: 'bytes=0-1999' });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-encoding']).toBeUndefined();
      expect(ranged.rawPayload.equals(bytes.subarray(0, 2000))).toBe(true);
    });

    it('a name with quotes, a newline and non-ASCII letters gives a safe RFC 6266 header', async () => {
      const resource = await uploadAnother('Notes "Unit 1"\nकक्षा.pdf');
      expect(resource.originalName).toBe('Notes "Unit 1" कक्षा.pdf');
      const res = await getFile(resource.id, student.cookie);
      expect(res.statusCode).toBe(200);
      const header = res.headers['content-disposition'] as string;
      expect(header).not.toMatch(/[\r\n]/);
      // Only visible ASCII: non-ASCII letters travel in filename* alone.
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      // filename="..." is one quoted-string: every quote inside is escaped, and it is followed by ; or the end.
      const quoted = /^attachment; filename="((?:[^"\\]|\\.)*)"(?:;|$)/.exec(header);
      expect(quoted, header).not.toBeNull();
      expect(quoted![1]!.replace(/\\(.)/g, '$1')).toMatch(/^Notes "Unit 1" .*\.pdf$/);
      const extended = /;\s*filename\*=UTF-8''([^;\s]+)/i.exec(header);
      expect(extended, header).not.toBeNull();
      expect(decodeURIComponent(extended![1]!)).toBe(resource.originalName);
    });
  });

  describe('byte ranges', () => {
    it('bytes=0-99 gives 206 with those exact 100 bytes', async () => {
      const res = await getFile(id, student.cookie, { range: 'bytes=0-99' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
      expect(Number(res.headers['content-length'])).toBe(100);
      expect(res.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
    });

    it('a middle range and a range past the end are clipped to the file', async () => {
      const middle = await getFile(id, student.cookie, { range: 'bytes=1000-1999' });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${SIZE}`);
      expect(middle.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

      const tail = await getFile(id, student.cookie, { range: `bytes=${SIZE - 10}-${SIZE + 500}` });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
      expect(tail.rawPayload.equals(bytes.subarray(SIZE - 10))).toBe(true);
    });

    it('a suffix range bytes=-50 gives the last 50 bytes', async () => {
      const res = await getFile(id, student.cookie, { range: 'bytes=-50' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${SIZE - 50}-${SIZE - 1}/${SIZE}`);
      expect(Number(res.headers['content-length'])).toBe(50);
      expect(res.rawPayload.equals(bytes.subarray(SIZE - 50))).toBe(true);
    });

    it('a range starting at the size is unsatisfiable: 416 with bytes */size', async () => {
      const res = await getFile(id, student.cookie, { range: `bytes=${SIZE}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(res.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
      // The one error shape (issue 16), not an empty body dressed as a PDF attachment.
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({
        statusCode: 416,
        error: 'Range Not Satisfiable',
        message: expect.stringMatching(/range/),
        code: 'RANGE_NOT_SATISFIABLE',
      });
    });

    it('If-Range: a stale validator gets the whole file (200), the current ETag gets the range', async () => {
      const stale = await getFile(id, student.cookie, { range: 'bytes=0-99', 'if-range': '"not-the-current-etag"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['content-range']).toBeUndefined();
      expect(Number(stale.headers['content-length'])).toBe(SIZE);
      expect(stale.rawPayload.equals(bytes)).toBe(true);

      const etag = (await getFile(id, student.cookie)).headers.etag as string;
      expect(etag).toBeTruthy();
      const fresh = await getFile(id, student.cookie, { range: 'bytes=0-99', 'if-range': etag });
      expect(fresh.statusCode).toBe(206);
      expect(fresh.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    });

    it('signed out: a range request is refused with 401 too', async () => {
      const res = await getFile(id, undefined, { range: 'bytes=0-99' });
      expect(res.statusCode).toBe(401);
      expect(res.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
    });
  });

  describe('delete', () => {
    it('students and CRs get 403 "Unauthorized: Admin access required"; visitors 401; the row and file stay', async () => {
      const victim = await uploadAnother();
      const row = (await rowOf(victim.id))!;
      for (const session of [student, cr]) {
        const res = await remove(victim.id, session.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Unauthorized: Admin access required' });
      }
      const signedOut = await remove(victim.id, undefined);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(await rowOf(victim.id)).toBeDefined();
      expect(await t.fileStore.stat(row.file_key)).toMatchObject({ size: Number(row.size_bytes) });
      expect((await getFile(victim.id, student.cookie)).statusCode).toBe(200);
    });

    it('a foreign Origin cannot delete, even for an admin', async () => {
      const victim = await uploadAnother();
      const row = (await rowOf(victim.id))!;
      const res = await remove(victim.id, admin.cookie, { origin: FOREIGN_ORIGIN });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(await rowOf(victim.id)).toBeDefined();
      expect(await t.fileStore.stat(row.file_key)).toBeDefined();
    });

    it('an admin deletes: the record and the stored file are gone, the address 404s, a second delete 404s', async () => {
      const victim = await uploadAnother();
      const row = (await rowOf(victim.id))!;
      const keyOnDisk = path.join(...row.file_key.split('/'));
      expect(await storedFiles(t)).toContain(keyOnDisk);
      const othersBefore = (await resourceRows(t)).filter((r) => r.id !== victim.id).map((r) => r.id).sort();

      const res = await remove(victim.id, admin.cookie, { origin: new URL(t.config.publicUrl).origin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Resource deleted successfully' });

      expect(await rowOf(victim.id)).toBeUndefined();
      expect((await resourceRows(t)).map((r) => r.id).sort()).toEqual(othersBefore);
      expect(await t.fileStore.stat(row.file_key)).toBeUndefined();
      expect(await storedFiles(t)).not.toContain(keyOnDisk);

      const file = await getFile(victim.id, student.cookie);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ statusCode: 404, message: RESOURCE_MESSAGES.notFound });
      expect((await t.api.get(`/api/resources/${victim.id}`, { as: student })).statusCode).toBe(404);
      expect((await download(victim.id, student.cookie)).statusCode).toBe(404);
      const listed = await t.api.get('/api/resources?pageSize=50', { as: student });
      expect(listed.json().resources.map((r: { id: string }) => r.id)).not.toContain(victim.id);

      const again = await remove(victim.id, admin.cookie);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: RESOURCE_MESSAGES.notFound });
      // The main resource was untouched throughout.
      expect((await getFile(id, student.cookie)).rawPayload.equals(bytes)).toBe(true);
    });
  });
});
