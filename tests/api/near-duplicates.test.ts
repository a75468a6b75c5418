import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearDuplicateMessage } from '../../src/shared/near-duplicates.js';
import { makeQuestionPaper, type PaperQuestion } from '../support/question-paper.js';
import { resourceRows, signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const q = (text: string, marks = 10): PaperQuestion => [{ text, marks }];
const BTREE = q('Define a B-tree of order m and list the properties every node must satisfy, with an example of order 3.');
const HASHING = q('Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.');
const DIJKSTRA = q("Write Dijkstra's algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices.");
const STACK = q('Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing the stack after each symbol.', 5);
const HEAP = q('Build a max heap from the array 4, 1, 3, 2, 16, 9, 10, 14, 8, 7 and then sort it with heap sort.', 8);
const QUEUE = q('Implement a circular queue in an array and show the front and rear after each of eight operations.', 6);
const AVL = q('Insert 30, 20, 40, 10, 25, 35 and 5 into an empty AVL tree, naming each rotation you perform.', 8);
const KRUSKAL = q("Find a minimum spanning tree of the given graph with Kruskal's algorithm, listing the edges in the order chosen.", 8);

const ORIGINAL = makeQuestionPaper({ subject: 'Data Structures', year: 2024, questions: [BTREE, HASHING, DIJKSTRA, STACK] });
/** A re-export of the same paper: laid out two questions a page, so other bytes, the same text. */
const REEXPORT = makeQuestionPaper({ subject: 'Data Structures', year: 2024, questions: [BTREE, HASHING, DIJKSTRA, STACK], perPage: 2 });
/** Another year of the subject: the same header, other questions. */
const OTHER_YEAR = makeQuestionPaper({ subject: 'Data Structures', year: 2023, questions: [HEAP, QUEUE, AVL, KRUSKAL] });

describe(`near-duplicate papers at upload (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let original: { id: string; title: string };

  const uploadPaper = (bytes: Buffer, fields: Record<string, string> = {}) =>
    upload(t, cr.cookie, { fields: { resourceType: 'PYQ', title: 'DS PYQ Dec 2024 End-sem', ...fields }, file: { name: 'paper.pdf', bytes } });

  beforeAll(async () => {
    t = await createTestApp();
    cr = await signedIn(t, 'CR');
    const res = await uploadPaper(ORIGINAL);
    expect(res.statusCode, res.body).toBe(201);
    original = res.json().resource;
    // The library's text is what processing stored.
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a re-export with 409 NEAR_DUPLICATE naming the paper and the share of text; nothing is stored', async () => {
    const [files, rows] = [await storedFiles(t), (await resourceRows(t)).length];
    const res = await uploadPaper(REEXPORT, { title: 'DS 2024 again' });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: 'NEAR_DUPLICATE', field: 'file', nearDuplicate: { id: original.id, title: 'DS PYQ Dec 2024 End-sem' } });
    expect(body.nearDuplicate.percent).toBeGreaterThanOrEqual(90);
    expect(body.message).toBe(nearDuplicateMessage('DS PYQ Dec 2024 End-sem', body.nearDuplicate.percent));
    expect(await storedFiles(t)).toEqual(files);
    expect((await resourceRows(t)).length).toBe(rows);
  });

  it('finds it under an alias of the subject too (DSA), in any case', async () => {
    const res = await uploadPaper(REEXPORT, { subject: 'dsa' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().nearDuplicate.id).toBe(original.id);
  });

  it('keeps another year of the same subject (the same header, other questions)', async () => {
    const other = await uploadPaper(OTHER_YEAR, { title: 'DS PYQ Dec 2023' });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('saves the re-export when the uploader confirms ("Upload anyway")', async () => {
    const res = await uploadPaper(REEXPORT, { title: 'DS 2024 again', confirmNearDuplicate: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await resourceRows(t);
    expect(rows.map((r) => r.title).sort()).toEqual(['DS 2024 again', 'DS PYQ Dec 2023', 'DS PYQ Dec 2024 End-sem']);
  });

  it('still refuses an exact copy as a duplicate, confirmed or not', async () => {
    const res = await uploadPaper(ORIGINAL, { confirmNearDuplicate: 'true' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('DUPLICATE');
  });
});
