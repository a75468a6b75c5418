import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingJobListResponseSchema } from '../../src/shared/processing.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** A scanned page OCR reads (almost) nothing on is named in the job's note and listed for admins (issue 32). */
describe(`OCR that reads nothing is noted (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let cr: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, cr] = [await signedIn(t, 'ADMIN'), await signedIn(t, 'CR')];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the page in the done job and lists it under "noted", not among the open jobs', async () => {
    // Only the page number is printed on it: a blank scanned page.
    const res = await upload(t, cr.cookie, { file: { name: 'blank-scan.pdf', bytes: await makeScannedPdf('') } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);

    const job = await jobOf(t, id);
    expect(job).toMatchObject({ status: 'done', pages_done: 1 });
    expect(job?.last_error).toBe('OCR found (almost) no text on page 1; blank, or unreadable: words on it cannot be found.');
    const [page] = await pagesOf(t, id);
    expect(page?.body.replace(/\s/g, '').length).toBeLessThan(20);

    const noted = await t.api.get('/api/admin/jobs?status=noted', { as: admin.cookie });
    expect(noted.statusCode, noted.body).toBe(200);
    const body = processingJobListResponseSchema.parse(noted.json());
    expect(body.jobs).toEqual([expect.objectContaining({ resourceId: id, status: 'done', originalName: 'blank-scan.pdf', lastError: job?.last_error })]);
    expect(body.counts).toMatchObject({ done: 1, noted: 1 });
    const open = processingJobListResponseSchema.parse((await t.api.get('/api/admin/jobs', { as: admin.cookie })).json());
    expect(open.jobs).toEqual([]);
  }, 120_000);
});
