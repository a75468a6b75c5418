import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A large scan is OCR-read OCR_PAGES_PER_PASS pages at a time, and a paper uploaded meanwhile is
 * processed before the large one's remaining pages (issue 32, finding 10).
 */
describe(`OCR in passes, new uploads first (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp({ OCR_PAGES_PER_PASS: '1' });
    cr = await signedIn(t, 'CR');
  });
  afterAll(async () => {
    await t?.close();
  });

  const bodies = async (id: string) => (await pagesOf(t, id)).map((p) => p.body.replace(/\s+/g, ' ').trim());

  it('indexes a scan after its first pass, reads a newer upload next, then the rest of the scan', async () => {
    const large = await upload(t, cr.cookie, {
      file: { name: 'large-scan.pdf', bytes: await makeScannedPdf(['Alpha apple', 'Alpha banana', 'Alpha cherry']) },
    });
    expect(large.statusCode, large.body).toBe(201);
    const largeId = large.json().resource.id as string;

    expect(await t.services.processingRunner.runOne()).toEqual({ resourceId: largeId, outcome: 'continued' });
    const [first, second, third] = await bodies(largeId);
    expect(first).toMatch(/Alpha apple/);
    expect([second, third]).toEqual(['', '']);
    expect(await jobOf(t, largeId)).toMatchObject({ status: 'pending', priority: 1, ocr_from_page: 2, attempts: 0, locked_by: null });
    expect((await jobOf(t, largeId))?.last_error).toBe('OCR goes on from page 2 after newer uploads.');
    // Found by the pages read so far, and marked scanned already.
    expect((await t.api.get(`/api/resources/${largeId}`, { as: cr.cookie })).json().resource.scanned).toBe(true);

    // Uploaded after the large scan's next pass was queued, it is read first all the same.
    const small = await upload(t, cr.cookie, { file: { name: 'small-scan.pdf', bytes: await makeScannedPdf('Bravo paper') } });
    expect(small.statusCode, small.body).toBe(201);
    const smallId = small.json().resource.id as string;
    expect(await t.services.processingRunner.runOne()).toEqual({ resourceId: smallId, outcome: 'done' });
    expect((await bodies(smallId))[0]).toMatch(/Bravo paper/);

    expect(await t.services.processingRunner.runUntilIdle()).toEqual([
      { resourceId: largeId, outcome: 'continued' },
      { resourceId: largeId, outcome: 'done' },
    ]);
    const [apple, banana, cherry] = await bodies(largeId);
    expect(apple).toMatch(/Alpha apple/);
    expect(banana).toMatch(/Alpha banana/);
    expect(cherry).toMatch(/Alpha cherry/);
    expect((await pagesOf(t, largeId)).map((p) => Number(p.ocr))).toEqual([1, 1, 1]);
    expect(await jobOf(t, largeId)).toMatchObject({ status: 'done', priority: 0, ocr_from_page: 1, pages_done: 3, last_error: null });
  }, 180_000);
});
