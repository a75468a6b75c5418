import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../src/shared/resource.js';
import { corpusFile } from '../support/corpus.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 end to end, with nothing written by hand: an upload goes through the real processing
 * pipeline (pdf.js text, tesseract OCR) and is then found by the words inside it.
 */
describe(`search inside uploaded papers (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    [cr, student] = [await signedIn(t, 'CR'), await signedIn(t, 'STUDENT')];
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (query: Record<string, string>) => {
    const res = await t.api.get(`/api/resources?${new URLSearchParams(query)}`, { as: student });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { resources: Resource[]; total: number; terms?: string[] };
  };
  const snippetText = (resource: Resource) => resource.hit?.snippet.map((part) => (part.match ? `[${part.text}]` : part.text)).join('') ?? '';

  it('finds a phrase on page 3 of an uploaded PDF, with its page and a highlighted snippet, narrowed by facets', async () => {
    const pdf = { pageTexts: ['Introduction to trees', 'Binary heaps and priority queues', 'Kruskal minimum spanning tree algorithm'] };
    const res = await upload(t, cr.cookie, { pdf, fields: { subject: 'Algorithms', semester: '3' }, file: { name: 'unit-4.pdf' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id, beingRead } = res.json().resource as Resource;
    expect(beingRead).toBe(true);
    // Only page 0 (subject and file name) is indexed until processing has run; the card says so.
    const before = await search({ q: '"minimum spanning"', semester: '3' });
    expect(before.total).toBe(0);
    // The empty answer knows a paper of these filters is still being read.
    expect((before as { stillBeingRead?: number }).stillBeingRead).toBe(1);
    const listed = (await search({ q: 'algorithms unit' })).resources.find((r) => r.id === id);
    expect(listed?.beingRead).toBe(true);

    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);
    expect((await search({ q: 'algorithms unit' })).resources.find((r) => r.id === id)?.beingRead).toBe(false);
    expect((await search({ q: 'nosuchwordanywhere' }) as { stillBeingRead?: number }).stillBeingRead).toBeUndefined();

    const found = await search({ q: '"minimum spanning tree"' });
    expect(found.resources.map((r) => r.id)).toEqual([id]);
    expect(found.resources[0]!.hit?.page).toBe(3);
    // FTS5 marks a phrase as one span, ts_headline word by word: either way these words are marked.
    const marked = found.resources[0]!.hit!.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase());
    expect(marked.join(' ').split(/\s+/)).toEqual(['minimum', 'spanning', 'tree']);
    expect(snippetText(found.resources[0]!)).toMatch(/Kruskal \[minimum/);
    expect(found.terms).toEqual(expect.arrayContaining(['minimum', 'spanning', 'tree']));
    // Word forms reach page 2 ("heaps" from "heap"), facets narrow the same query away.
    expect((await search({ q: 'heap' })).resources[0]?.hit?.page).toBe(2);
    expect((await search({ q: 'kruskal', semester: '3', branch: 'cse' })).total).toBe(1);
    expect((await search({ q: 'kruskal', semester: '4' })).total).toBe(0);
    expect((await search({ q: 'kruskal', resourceType: 'PYQ' })).total).toBe(0);
  });

  it('finds a real phone scan by a word that exists only in its image, and marks it scanned', async () => {
    const bytes = await readFile(corpusFile('scanned', 'ANLP_mid_2023_M.pdf'));
    const res = await upload(t, cr.cookie, { file: { name: 'anlp-mid.pdf', bytes }, fields: { subject: 'Machine Learning', resourceType: 'PYQ' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource as Resource;
    expect((await search({ q: 'natural language' })).total).toBe(0);

    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);

    const found = await search({ q: 'natural language processing', resourceType: 'PYQ' });
    expect(found.resources.map((r) => r.id)).toEqual([id]);
    const [hit] = found.resources;
    expect(hit!.scanned).toBe(true);
    expect(hit!.hit?.page).toBeGreaterThanOrEqual(1);
    expect(hit!.hit?.snippet.some((part) => part.match && /natural/i.test(part.text))).toBe(true);
    expect(hit!.thumbnailUrl).toMatch(/\/thumbnail\?v=/);
    // A one-letter typo of a word read by OCR still finds it.
    expect((await search({ q: 'langauge processing' })).resources.map((r) => r.id)).toContain(id);
  }, 240_000);
});
