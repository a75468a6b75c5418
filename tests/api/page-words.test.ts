import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWordsResponseSchema, pageWordsUrl, type PageWordsResponse } from '../../src/shared/page-words.js';
import { corpusFile } from '../support/corpus.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Every word of `body`'s pages, in reading order. */
const wordsOf = (body: PageWordsResponse) => body.pages.flatMap((p) => p.lines.flat().map(({ text }) => text));

/**
 * A scan's OCR words keep their boxes, for the viewer's text layer (issue 34): served to whoever
 * may preview the file, replaced when the scan is processed again, gone with the resource.
 */
describe(`OCR words with their boxes (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let scanId: string;

  const wordRows = (id: string) => t.db.kysely.selectFrom('resource_page_words').selectAll().where('resource_id', '=', id).execute();
  const words = async (id: string) => t.api.get(pageWordsUrl(id), { as: student.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, cr, student] = [await signedIn(t, 'ADMIN'), await signedIn(t, 'CR'), await signedIn(t, 'STUDENT')];
    // A real phone-camera question paper, one page (OCR reads it in ~7 s).
    const bytes = await readFile(corpusFile('scanned', 'ANLP_mid_2023_M.pdf'));
    const res = await upload(t, cr.cookie, { file: { name: 'ANLP_mid_2023_M.pdf', bytes } });
    expect(res.statusCode, res.body).toBe(201);
    scanId = res.json().resource.id;
    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: scanId, outcome: 'done' }]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves a scanned page\'s words in reading order, each with a box on the page', async () => {
    const res = await words(scanId);
    expect(res.statusCode, res.body).toBe(200);
    const body = pageWordsResponseSchema.parse(res.json());
    expect(body.pages.map((p) => p.page)).toEqual([1]);
    const all = wordsOf(body);
    expect(all.join(' ')).toMatch(/Advanced Natural Language Processing/);
    expect(all.filter((w) => /^attention$/i.test(w))).toHaveLength(2);
    for (const { box: [left = 0, top = 0, right = 0, bottom = 0] } of body.pages[0]!.lines.flat()) {
      expect(left).toBeLessThan(right);
      expect(top).toBeLessThan(bottom);
    }
    // The title stands above the questions, in the page's upper half, centred.
    const title = body.pages[0]!.lines.flat().find(({ text }) => text === 'Advanced')!;
    const question = body.pages[0]!.lines.flat().find(({ text }) => text === 'ELMO')!;
    expect(title.box[1]).toBeLessThan(question.box[1]!);
    expect(title.box[0]).toBeGreaterThan(0.2);
    expect(title.box[2]).toBeLessThan(0.5);
  });

  it('answers a born-digital file with no pages, and refuses the signed-out and unknown ids', async () => {
    const digital = await upload(t, cr.cookie);
    const digitalId = digital.json().resource.id as string;
    await t.services.processingRunner.runUntilIdle();
    expect((await words(digitalId)).json()).toEqual({ pages: [] });
    expect((await t.api.get(pageWordsUrl(scanId))).statusCode).toBe(401);
    expect((await words('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await words('not-an-id')).statusCode).toBe(400);
  });

  it('documents the answer in the OpenAPI document and compresses it', async () => {
    const docs = (await t.api.get('/api/docs/json')).json() as { paths: Record<string, { get?: { summary?: string } }> };
    expect(docs.paths['/api/resources/{id}/page-words']?.get?.summary).toMatch(/words OCR read/);
    const res = await t.api.get(pageWordsUrl(scanId), { as: student.cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/no-store|private/);
  });

  it('replaces the words when the scan is processed again, and drops them with the resource', async () => {
    const before = await wordRows(scanId);
    expect(before).toHaveLength(1);
    await t.services.processing.enqueueAll();
    await t.services.processingRunner.runUntilIdle();
    const after = await wordRows(scanId);
    expect(after).toHaveLength(1);
    expect(after[0]!.lines).toBe(before[0]!.lines);

    const deleted = await t.api.delete(`/api/resources/${scanId}`, { as: admin.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await wordRows(scanId)).toEqual([]);
  }, 120_000);
});

describe(`OCR words over passes (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ OCR_PAGES_PER_PASS: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the words of pages read by earlier passes, and turns an upside-down page\'s boxes back', async () => {
    const cr = await signedIn(t, 'CR');
    const bytes = await makeScannedPdf(['Dijkstra shortest paths', 'Bravo banana']);
    const res = await upload(t, cr.cookie, { file: { name: 'two-pages.pdf', bytes } });
    const id = res.json().resource.id as string;
    expect((await t.services.processingRunner.runUntilIdle()).map((r) => r.outcome)).toEqual(['continued', 'done']);
    const body = pageWordsResponseSchema.parse((await t.api.get(pageWordsUrl(id), { as: cr.cookie })).json());
    expect(body.pages.map((p) => [p.page, p.lines.flat().map(({ text }) => text).join(' ')])).toEqual([
      [1, expect.stringMatching(/Dijkstra shortest paths/)],
      [2, expect.stringMatching(/Bravo banana/)],
    ]);

    const upright = body.pages[0]!.lines.flat().find(({ text }) => text === 'Dijkstra')!;
    const turned = await upload(t, cr.cookie, { file: { name: 'upside-down.pdf', bytes: await makeScannedPdf('Dijkstra shortest paths', { upsideDown: true }) } });
    const turnedId = turned.json().resource.id as string;
    await t.services.processingRunner.runUntilIdle();
    const turnedBody = pageWordsResponseSchema.parse((await t.api.get(pageWordsUrl(turnedId), { as: cr.cookie })).json());
    const word = turnedBody.pages[0]!.lines.flat().find(({ text }) => text === 'Dijkstra')!;
    // Drawn half a turn round, the word stands where the upright one's mirror image is.
    expect([word.turned, upright.turned]).toEqual([true, undefined]);
    expect(word.box[0]).toBeCloseTo(1 - upright.box[2]!, 1);
    expect(word.box[1]).toBeCloseTo(1 - upright.box[3]!, 1);
  }, 180_000);
});
