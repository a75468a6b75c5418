import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A phone scan saved by CamScanner carries one line of text, the app's "Scanned with
 * CamScanner", on an image of the page: it is still a scan, read by OCR and found by its words.
 */
describe(`a scan stamped by its scanner app (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is read by OCR: marked scanned, and found by a word printed on the page', async () => {
    const cr = await signedIn(t, 'CR');
    const bytes = await readFile(corpusFile('scanned', 'DM_mid1_2020.pdf'));
    const res = await upload(t, cr.cookie, { fields: { resourceType: 'PYQ', subject: 'Disaster Management', title: 'DM mid 1 2020' }, file: { name: 'DM_mid1_2020.pdf', bytes } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().resource.id as string;
    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);
    const found = await t.api.get('/api/resources?q=mitigation&course=', { as: cr.cookie });
    const hit = (found.json().resources as Array<{ id: string; scanned: boolean }>).find((r) => r.id === id);
    expect(hit).toMatchObject({ scanned: true });
  }, 180_000);
});
