import { utimes } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindex } from '../../src/cli/reindex.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { PAGE_IMAGE_WIDTHS, resourcePageImageUrl } from '../../src/shared/page-images.js';
import { signedIn, storedFilePath, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Page images for the preview (issue 34): made by processing, served like the thumbnail, removed with the resource. */
describe(`page images (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    // At most 3 pages each, so the cap is seen with a 4-page file.
    t = await createTestApp({ PAGE_IMAGE_PAGES: '3' });
    [admin, cr, student] = [await signedIn(t, 'ADMIN'), await signedIn(t, 'CR'), await signedIn(t, 'STUDENT')];
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.api.get(url, { as: cookie });
  const imagesOf = async (set: string) => (await storedFiles(t)).filter((f) => f.split(/[\\/]/).slice(0, 2).join('/') === set).sort();
  const setOf = async (id: string) => (await t.db.kysely.selectFrom('resource').select('page_image_key').where('id', '=', id).executeTakeFirstOrThrow()).page_image_key;

  it('renders the first pages at each width, says how many, serves them to readers, and deletes them with the resource', async () => {
    const res = await upload(t, cr.cookie, { pdf: { pages: 4, text: 'Kruskal minimum spanning tree' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    // Before processing: none, and the preview behaves as it always did.
    expect(res.json().resource.pageImages).toBeNull();
    expect((await get(resourcePageImageUrl(id, 1, 480, 'x'), student.cookie)).statusCode).toBe(404);

    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);
    const resource = (await get(`/api/resources/${id}`, student.cookie)).json().resource;
    expect(resource.pageImages).toEqual({ count: 3, version: expect.any(String), width: 1024, height: Math.round((1024 * 842) / 595) });
    // The list carries it too: the preview opened from a card draws page 1 without asking again.
    const listed = (await get('/api/resources?branch=cse', student.cookie)).json().resources.find((r: { id: string }) => r.id === id);
    expect(listed.pageImages).toEqual(resource.pageImages);

    const set = await setOf(id);
    expect(set).toMatch(/^pages\//);
    const expected = [1, 2, 3].flatMap((page) => PAGE_IMAGE_WIDTHS.map((w) => `${set}/${page}-${w}.webp`)).sort();
    expect((await imagesOf(set!)).map((f) => f.split(/[\\/]/).join('/'))).toEqual(expected);

    for (const width of PAGE_IMAGE_WIDTHS) {
      const image = await get(resourcePageImageUrl(id, 2, width, resource.pageImages.version), student.cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    // Past the cap, an unknown width, signed out (the file's rule), no such resource.
    expect((await get(resourcePageImageUrl(id, 4, 480, 'x'), student.cookie)).statusCode).toBe(404);
    expect((await get(`/api/resources/${id}/pages/1?w=500`, student.cookie)).statusCode).toBe(400);
    expect((await get(`/api/resources/${id}/pages/0?w=480`, student.cookie)).statusCode).toBe(400);
    const file = await get(`/api/resources/${id}/file`);
    const anonymous = await get(resourcePageImageUrl(id, 1, 480, 'x'));
    expect(anonymous.statusCode).toBe(file.statusCode);
    expect(anonymous.statusCode).toBe(401);
    expect((await get(resourcePageImageUrl('00000000-0000-4000-8000-000000000000', 1, 480, 'x'), student.cookie)).statusCode).toBe(404);

    // Processing again (reindex) makes a new set under a new address and removes the old one.
    await reindex(t.services, { write: () => undefined });
    const again = (await get(`/api/resources/${id}`, student.cookie)).json().resource;
    expect(again.pageImages.count).toBe(3);
    expect(again.pageImages.version).not.toBe(resource.pageImages.version);
    const newSet = await setOf(id);
    expect(await imagesOf(set!)).toEqual([]);
    expect(await imagesOf(newSet!)).toHaveLength(6);

    expect((await t.api.delete(`/api/resources/${id}`, { as: admin })).statusCode).toBe(200);
    expect(await imagesOf(newSet!)).toEqual([]);
    expect((await storedFiles(t)).filter((f) => f.startsWith('pages'))).toEqual([]);
  }, 120_000);

  it('sweeps page images no resource points at, once they are old', async () => {
    const res = await upload(t, cr.cookie, { pdf: { pages: 1, text: 'Kept images' } });
    await t.services.processingRunner.runUntilIdle();
    const kept = await setOf(res.json().resource.id);
    const orphan = 'pages/00000000-0000-4000-8000-00000000abcd/1-480.webp';
    await t.fileStore.put(orphan, Readable.from([Buffer.from('RIFF....WEBP')]));
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(storedFilePath(t, orphan), old, old);
    for (const key of await imagesOf(kept!)) await utimes(storedFilePath(t, key.split(/[\\/]/).join('/')), old, old);

    await t.services.resources.sweepOrphans();
    expect(await imagesOf('pages/00000000-0000-4000-8000-00000000abcd')).toEqual([]);
    expect(await imagesOf(kept!)).toHaveLength(2);
  }, 60_000);

  it("makes them in a scan's first OCR pass, and later passes keep them", async () => {
    const own = await createTestApp({ OCR_PAGES_PER_PASS: '1' });
    try {
      const uploader = await signedIn(own, 'CR');
      const res = await upload(own, uploader.cookie, { file: { name: 'scan.pdf', bytes: await makeScannedPdf(['Gamma one', 'Gamma two']) } });
      const { id } = res.json().resource;
      const runner = own.services.processingRunner;
      expect(await runner.runOne()).toEqual({ resourceId: id, outcome: 'continued' });
      const first = await own.db.kysely.selectFrom('resource').select(['page_image_key', 'page_image_count']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(first).toEqual({ page_image_key: expect.stringMatching(/^pages\//), page_image_count: 2 });
      expect(await runner.runOne()).toEqual({ resourceId: id, outcome: 'done' });
      const after = await own.db.kysely.selectFrom('resource').select(['page_image_key', 'page_image_count']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(after).toEqual(first);
      expect((await storedFiles(own)).filter((f) => f.startsWith('pages'))).toHaveLength(4);
    } finally {
      await own.close();
    }
  }, 120_000);
});
