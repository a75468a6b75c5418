import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceListResponseSchema } from '../../src/shared/resource.js';
import { makeQuestionPaper, type PaperQuestion } from '../support/question-paper.js';
import { typesetColumn, typesetPdf } from '../support/typeset-pdf.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const BTREE: PaperQuestion = [
  { label: '(a)', text: 'Define a B-tree of order m and list the properties every node must satisfy.', marks: 4 },
  { label: '(b)', text: 'Insert the keys 10, 20, 5, 6, 12, 30, 7 and 17 into an empty B-tree of order 3, showing each split.', marks: 6 },
];
const HASHING = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.', marks: 10 }];
const HASHING_AGAIN = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.', marks: 12 }];
const DIJKSTRA = [{ text: 'Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices.', marks: 10 }];
const QUEUE = [{ text: 'Implement a circular queue in an array and show the front and rear after each of eight operations.', marks: 6 }];

describe(`search hits inside questions (${testDialect})`, () => {
  let t: TestApp;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let paper2019: string;
  let paper2022: string;
  let notes: string;

  const uploadPaper = async (cookie: string, year: number, questions: readonly PaperQuestion[]) => {
    const res = await upload(t, cookie, {
      fields: { resourceType: 'PYQ', title: `Data Structures end-sem ${year}`, academicYear: `${year}-${(year + 1) % 100}`, exam: 'End-sem', examMonth: '12', examYear: String(year) },
      file: { name: `paper-${year}.pdf`, bytes: makeQuestionPaper({ subject: 'Data Structures', year, questions }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resource.id as string;
  };
  const search = async (query: string) => {
    const res = await t.api.get(`/api/resources?${query}`, { as: student.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return resourceListResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    const cr = await signedIn(t, 'CR');
    student = await signedIn(t, 'STUDENT');
    paper2019 = await uploadPaper(cr.cookie, 2019, [BTREE, HASHING, DIJKSTRA]);
    paper2022 = await uploadPaper(cr.cookie, 2022, [QUEUE, HASHING_AGAIN]);
    const res = await upload(t, cr.cookie, {
      fields: { title: 'Hashing notes' },
      file: { name: 'hashing-notes.pdf' },
      pdf: { text: 'Hash tables resolve collisions by chaining or by open addressing.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    notes = res.json().resource.id as string;
    const outcomes = await t.services.processingRunner.runUntilIdle();
    expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done', 'done']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('names the question a hit stands in, with its marks and the years it was asked', async () => {
    const found = await search('q=hash+collisions+');
    const byId = new Map(found.resources.map((r) => [r.id, r.hit]));
    expect([...byId.keys()].sort()).toEqual([paper2019, paper2022, notes].sort());
    expect(byId.get(paper2019)?.question).toMatchObject({ label: 'Q2', marks: 10, askedYears: [2019, 2022], askedCount: 2 });
    expect(byId.get(paper2022)?.question).toMatchObject({ label: 'Q2', marks: 12, askedYears: [2019, 2022], askedCount: 2 });
    expect(byId.get(paper2019)?.page).toBe(1);
    // Notes are not split into questions: a bare snippet, as before.
    expect(byId.get(notes)?.question).toBeUndefined();
    expect(byId.get(notes)?.snippet.some((part) => part.match)).toBe(true);

    // The id opens that question in the paper's own list.
    const questions = await t.api.get(`/api/resources/${paper2019}/questions`, { as: student.cookie });
    const q2 = (questions.json().questions as Array<{ id: string; label: string }>).find((q) => q.label === 'Q2')!;
    expect(byId.get(paper2019)?.question?.id).toBe(q2.id);
  });

  it('picks the question holding the words, not another of the same page', async () => {
    const found = await search('q=dijkstra+shortest+paths+');
    expect(found.resources.map((r) => [r.id, r.hit?.question?.label])).toEqual([[paper2019, 'Q3']]);
    expect(found.resources[0]!.hit?.question).toMatchObject({ marks: 10, askedYears: [2019], askedCount: 1 });
  });

  it('names no question when the words are only in the paper\'s header', async () => {
    const found = await search('q=examination+');
    expect(found.resources.map((r) => r.id).sort()).toEqual([paper2019, paper2022].sort());
    expect(found.resources.map((r) => r.hit?.question)).toEqual([undefined, undefined]);
  });

  it('keeps only hits inside a question with questions=1, counted and paged', async () => {
    const only = await search('q=hash+collisions+&questions=1');
    expect(only.total).toBe(2);
    expect(only.resources.map((r) => r.id).sort()).toEqual([paper2019, paper2022].sort());
    expect(only.resources.every((r) => r.hit?.question?.label === 'Q2')).toBe(true);

    const paged = await search('q=hash+collisions+&questions=1&pageSize=1&page=2');
    expect(paged.total).toBe(2);
    expect(paged.resources).toHaveLength(1);

    expect((await search('q=examination+&questions=1')).total).toBe(0);
    // Without it, the same words still find the notes and the headers (the cache keeps both apart).
    expect((await search('q=hash+collisions+')).total).toBe(3);
    expect((await search('q=examination+')).total).toBe(2);
  });

  it('refuses a questions value other than 1, and ignores it without words', async () => {
    expect((await t.api.get('/api/resources?q=hash&questions=yes', { as: student.cookie })).statusCode).toBe(400);
    const browsed = await search('questions=1');
    expect(browsed.total).toBe(3);
  });
});

describe(`a search hit on the page a question runs onto (${testDialect})`, () => {
  let t: TestApp;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let paper: string;

  beforeAll(async () => {
    t = await createTestApp();
    const cr = await signedIn(t, 'CR');
    student = await signedIn(t, 'STUDENT');
    // Q2 starts at the foot of page 1 and ends on page 2, where only its last words stand.
    const pdf = await typesetPdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(12).text('Data Structures End Semester Examination 2021', 60, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(10);
      typesetColumn(doc, 50, 100, ['Q1. Define an AVL tree and its balance factor. [4 marks]', 'Q2. Explain how a red-black tree keeps its height', 'logarithmic after an insertion, and then show']);
      doc.addPage();
      typesetColumn(doc, 50, 60, ['the rotations and recolouring for the keys 41, 38, 31. [10 marks]', 'Q3. Define a trie and give two uses of it. [6 marks]']);
    });
    const res = await upload(t, cr.cookie, {
      fields: { resourceType: 'PYQ', title: 'Data Structures end-sem 2021', academicYear: '2021-22', exam: 'End-sem', examMonth: '12', examYear: '2021' },
      file: { name: 'paper-2021.pdf', bytes: pdf },
    });
    expect(res.statusCode, res.body).toBe(201);
    paper = res.json().resource.id as string;
    const outcomes = await t.services.processingRunner.runUntilIdle();
    expect(outcomes.map((o) => o.outcome)).toEqual(['done']);
    const questions = await t.api.get(`/api/resources/${paper}/questions`, { as: student.cookie });
    const q2 = (questions.json().questions as Array<{ label: string; page: number; regions: Array<{ page: number }> }>).find((q) => q.label === 'Q2');
    expect(q2).toMatchObject({ page: 1, regions: [{ page: 1 }, { page: 2 }] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('names the question that started on the page before', async () => {
    const res = await t.api.get('/api/resources?q=rotations+recolouring+', { as: student.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const found = resourceListResponseSchema.parse(res.json());
    expect(found.resources.map((r) => [r.id, r.hit?.page, r.hit?.question?.label])).toEqual([[paper, 2, 'Q2']]);
    expect(found.resources[0]!.hit?.question).toMatchObject({ marks: 10, askedYears: [2021], askedCount: 1 });
  });

  it('keeps that hit with questions=1, and still names a question starting on the page', async () => {
    const only = await t.api.get('/api/resources?q=rotations+recolouring+&questions=1', { as: student.cookie });
    expect(resourceListResponseSchema.parse(only.json()).resources.map((r) => r.hit?.question?.label)).toEqual(['Q2']);
    const trie = await t.api.get('/api/resources?q=trie+uses+', { as: student.cookie });
    expect(resourceListResponseSchema.parse(trie.json()).resources.map((r) => [r.hit?.page, r.hit?.question?.label])).toEqual([[2, 'Q3']]);
  });
});
