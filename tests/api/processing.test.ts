import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingJobListResponseSchema } from '../../src/shared/processing.js';
import { reindex } from '../../src/cli/reindex.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { insertStoredResource, jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, storedFilePath, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Processing after upload: text per page, OCR of scans, thumbnails, the admin jobs API (issue 13). */
describe(`processing pipeline (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    ({ t, cr, student } = await ownLibrary());
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.api.get(url, { as: cookie });

  /** A fresh app with an admin, a CR and a student, for a test that counts everything in it. */
  async function ownLibrary() {
    const own = await createTestApp();
    const [admin, cr, student] = [await signedIn(own, 'ADMIN'), await signedIn(own, 'CR'), await signedIn(own, 'STUDENT')];
    return { t: own, admin, cr, student, get: (url: string, cookie?: string) => own.api.get(url, { as: cookie }) };
  }

  it('indexes each page of an upload, makes its thumbnail and serves it with long cache headers', async () => {
    // A library of its own: it counts every thumbnail stored (so it passes in any order).
    const { t, admin, cr, student, get } = await ownLibrary();
    try {
      const res = await upload(t, cr.cookie, { pdf: { pages: 3, text: 'Dijkstra shortest paths' }, file: { name: 'graphs.pdf' } });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json().resource;
      expect((await jobOf(t, id))?.status).toBe('pending');
      const before = await get(`/api/resources/${id}/thumbnail`, student.cookie);
      expect(before.statusCode).toBe(404);
      expect(before.json().message).toMatch(/no preview image yet/);

      const outcomes = await t.services.processingRunner.runUntilIdle();
      expect(outcomes).toEqual([{ resourceId: id, outcome: 'done' }]);
      const pages = await pagesOf(t, id);
      expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
      pages.forEach((p, i) => expect(p.body).toBe(`Dijkstra shortest paths - Page ${i + 1}`));
      expect(pages.every((p) => Number(p.ocr) === 0)).toBe(true);
      expect(await jobOf(t, id)).toMatchObject({ status: 'done', pages_done: 3, attempts: 1, last_error: null, locked_by: null });

      const resource = (await get(`/api/resources/${id}`, student.cookie)).json().resource;
      expect(resource.scanned).toBe(false);
      expect(resource.thumbnailUrl).toMatch(new RegExp(`^/api/resources/${id}/thumbnail\\?v=`));
      const image = await get(resource.thumbnailUrl, student.cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // The same rule as the file: signed-in readers only.
      const file = await get(`/api/resources/${id}/file`);
      const anonymous = await get(resource.thumbnailUrl);
      expect(anonymous.statusCode).toBe(file.statusCode);
      expect(anonymous.statusCode).toBe(401);
      expect((await get('/api/resources/00000000-0000-4000-8000-000000000000/thumbnail', student.cookie)).statusCode).toBe(404);

      const thumbnails = () => storedFiles(t).then((files) => files.filter((f) => f.startsWith('thumbnails')));
      expect(await thumbnails()).toHaveLength(1);
      const removed = await t.api.delete(`/api/resources/${id}`, { as: admin });
      expect(removed.statusCode).toBe(200);
      expect(await thumbnails()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('reads a scanned page by OCR and marks the resource scanned', async () => {
    const res = await upload(t, cr.cookie, { file: { name: 'scan.pdf', bytes: await makeScannedPdf('Laplace transform') } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    await t.services.processingRunner.runUntilIdle();
    const [page] = await pagesOf(t, id);
    expect(page?.body).toMatch(/Laplace transform/);
    expect(Number(page?.ocr)).toBe(1);
    expect((await get(`/api/resources/${id}`, student.cookie)).json().resource.scanned).toBe(true);
  }, 120_000);

  it('lists jobs with counts for admins, retries a failed one, and refuses everyone else', async () => {
    // A library of its own, as the tests above leave theirs (so it passes in any order): one
    // processed paper on the list, and one more processed whose resource has since been deleted.
    const { t, admin, cr, student, get } = await ownLibrary();
    try {
      const papers = [await upload(t, cr.cookie, { pdf: { text: 'Kept paper' } }), await upload(t, cr.cookie, { pdf: { text: 'Deleted paper' } })];
      await t.services.processingRunner.runUntilIdle();
      expect((await t.api.delete(`/api/resources/${papers[1]!.json().resource.id}`, { as: admin })).statusCode).toBe(200);

      const broken = await insertStoredResource(t, Buffer.from('%PDF-1.4\nnot a pdf at all\n'), 'broken.pdf');
      await t.services.processingRunner.runUntilIdle();
      const list = await get('/api/admin/jobs', admin.cookie);
      expect(list.statusCode, list.body).toBe(200);
      const body = processingJobListResponseSchema.parse(list.json());
      expect(body.jobs).toEqual([expect.objectContaining({ resourceId: broken, status: 'failed', originalName: 'broken.pdf', attempts: 1 })]);
      expect(body.jobs[0]!.lastError).toMatch(/pdf\.js could not open the file/);
      expect(body.counts).toEqual({ pending: 0, running: 0, failed: 1, done: 1, noted: 0 });
      expect(body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect((await get('/api/admin/jobs?status=pending', admin.cookie)).json().jobs).toEqual([]);

      expect((await get('/api/admin/jobs', student.cookie)).statusCode).toBe(403);
      expect((await get('/api/admin/jobs', cr.cookie)).statusCode).toBe(403);
      expect((await get('/api/admin/jobs')).statusCode).toBe(401);
      const post = (url: string, cookie: string) => t.api.post(url, undefined, { as: cookie });
      expect((await post(`/api/admin/jobs/${broken}/retry`, student.cookie)).statusCode).toBe(403);

      const retried = await post(`/api/admin/jobs/${broken}/retry`, admin.cookie);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await jobOf(t, broken)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
      const again = await post(`/api/admin/jobs/${broken}/retry`, admin.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOT_FAILED');
      expect((await post('/api/admin/jobs/no-such-resource/retry', admin.cookie)).statusCode).toBe(404);
      await t.services.processingRunner.runUntilIdle();
      expect((await jobOf(t, broken))?.status).toBe('failed');

      const metrics = (await get('/metrics')).body;
      const count = (outcome: string) =>
        Number(metrics.match(new RegExp(`studyshelf_processing_jobs_total\\{kind="pdf_processing",outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
      expect(count('done')).toBeGreaterThanOrEqual(2);
      expect(count('failed')).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
  });

  it('the start-up sweep removes thumbnails no resource points at, and keeps the others', async () => {
    const res = await upload(t, cr.cookie, { pdf: { text: 'Kept thumbnail' } });
    await t.services.processingRunner.runUntilIdle();
    const kept = (await t.db.kysely.selectFrom('resource').select('thumbnail_key').where('id', '=', res.json().resource.id).executeTakeFirstOrThrow()).thumbnail_key!;
    const orphan = 'thumbnails/00000000-0000-4000-8000-000000000000.webp';
    await t.fileStore.put(orphan, Readable.from([Buffer.from('RIFF....WEBP')]));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [kept, orphan]) await utimes(storedFilePath(t, key), old, old);
    expect(await t.services.resources.sweepOrphans()).toBe(1);
    const files = await storedFiles(t);
    expect(files).toContain(path.join(...kept.split('/')));
    expect(files).not.toContain(path.join(...orphan.split('/')));
  });

  it('reindex processes every resource again and reports the failures', async () => {
    // A library of its own with one file pdf.js cannot open (so it passes in any order).
    const { t, cr } = await ownLibrary();
    try {
      await insertStoredResource(t, Buffer.from('%PDF-1.4\nnot a pdf at all\n'), 'broken.pdf');
      const extra = await upload(t, cr.cookie, { pdf: { pages: 2, text: 'Merge sort' } });
      expect(extra.statusCode).toBe(201);
      // As if indexed by an older version: wrong text, job long done.
      const id = extra.json().resource.id;
      await t.services.processingRunner.runUntilIdle();
      await t.db.kysely.updateTable('resource_page').set({ body: 'stale' }).where('resource_id', '=', id).where('page', '>', 0).execute();
      const lines: string[] = [];
      const summary = await reindex(t.services, { write: (text) => lines.push(text) });
      const resources = await t.db.kysely.selectFrom('resource').select('id').execute();
      expect(summary.total).toBe(resources.length);
      expect(summary.done).toBe(resources.length - 1);
      expect(summary.failed).toEqual([{ resourceId: expect.any(String), reason: expect.stringMatching(/could not open/) }]);
      expect((await pagesOf(t, id)).map((p) => p.body)).toEqual(['Merge sort - Page 1', 'Merge sort - Page 2']);
      expect(lines.at(-1)).toMatch(new RegExp(`^\\[#+\\] ${resources.length}/${resources.length} resources\\n$`));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe(`processing with OCR=off (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OCR: 'off' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('once started (as main.ts does), processes an upload by itself', async () => {
    const cr = await signedIn(t, 'CR');
    t.services.processingRunner.start();
    const res = await upload(t, cr.cookie, { pdf: { pages: 2, text: 'Processed in the background' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    // The upload wakes the runner (otherwise it polls every second).
    await expect.poll(async () => (await jobOf(t, id))?.status, { timeout: 10_000, interval: 50 }).toBe('done');
    expect((await pagesOf(t, id)).map((p) => p.body)).toEqual(['Processed in the background - Page 1', 'Processed in the background - Page 2']);
  });

  it('leaves a scanned page unread and the resource not scanned', async () => {
    const cr = await signedIn(t, 'CR');
    // Started as main.ts does (a no-op when the test above already did): it passes in any order.
    t.services.processingRunner.start();
    const res = await upload(t, cr.cookie, { file: { name: 'scan.pdf', bytes: await makeScannedPdf('Laplace transform') } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    await expect.poll(async () => (await jobOf(t, id))?.status, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(await pagesOf(t, id)).toEqual([{ page: 1, body: '', ocr: 0 }]);
    const resource = await t.api.get(`/api/resources/${id}`, { as: cr });
    expect(resource.json().resource).toMatchObject({ scanned: false, thumbnailUrl: expect.stringContaining('/thumbnail?v=') });
  });
});
