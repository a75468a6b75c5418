import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceQuestionsResponseSchema, subjectPageResponseSchema, type Question } from '../../src/shared/questions.js';
import { makeQuestionPaper, type PaperQuestion } from '../support/question-paper.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const BTREE: PaperQuestion = [
  { label: '(a)', text: 'Define a B-tree of order m and list the properties every node must satisfy.', marks: 4 },
  { label: '(b)', text: 'Insert the keys 10, 20, 5, 6, 12, 30, 7 and 17 into an empty B-tree of order 3, showing each split.', marks: 6 },
];
const HASHING = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.', marks: 10 }];
const DIJKSTRA = [{ text: 'Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices.', marks: 10 }];
const STACK = [{ text: 'Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing the stack after each symbol.', marks: 5 }];
const HEAP = [{ text: 'Build a max heap from the array 4, 1, 3, 2, 16, 9, 10, 14, 8, 7 and then sort it with heap sort.', marks: 8 }];

/** The 2023 paper asks three of 2022's again: one as printed, one reworded with other numbers, one as OCR would misread it. */
const BTREE_2023: PaperQuestion = [
  { label: '(a)', text: 'Define a B-tree of order m and list the properties that every node must satisfy.', marks: 5 },
  { label: '(b)', text: 'Insert the keys 8, 22, 3, 9, 15, 31, 4 and 19 into an empty B-tree of order 3, showing each split.', marks: 5 },
];
const HASHING_NOISY = [{ text: 'Exp1ain open addressing with linear prob1ng and quadratic probing, and compare how each hand1es collisions in a hash tab1e.', marks: 12 }];
const QUEUE = [{ text: 'Implement a circular queue in an array and show the front and rear after each of eight operations.', marks: 6 }];

describe(`the question bank (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let paper2022: string;
  let paper2023: string;

  const uploadPaper = async (year: number, questions: readonly PaperQuestion[], subject = 'Data Structures') => {
    const res = await upload(t, cr.cookie, {
      fields: { resourceType: 'PYQ', subject, title: `${subject} end-sem ${year}`, academicYear: `${year}-${(year + 1) % 100}`, exam: 'End-sem', examMonth: '12', examYear: String(year) },
      file: { name: `paper-${subject}-${year}.pdf`, bytes: makeQuestionPaper({ subject, year, questions }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resource.id as string;
  };
  const questionsOf = async (id: string, cookie = student.cookie) => {
    const res = await t.api.get(`/api/resources/${id}/questions`, { as: cookie });
    expect(res.statusCode, res.body).toBe(200);
    return resourceQuestionsResponseSchema.parse(res.json());
  };
  const byLabel = (questions: Question[], label: string) => questions.find((q) => q.label === label)!;

  beforeAll(async () => {
    t = await createTestApp();
    [cr, student] = [await signedIn(t, 'CR'), await signedIn(t, 'STUDENT')];
    paper2022 = await uploadPaper(2022, [BTREE, HASHING, DIJKSTRA, STACK]);
    paper2023 = await uploadPaper(2023, [BTREE_2023, HASHING_NOISY, HEAP, QUEUE]);
    const outcomes = await t.services.processingRunner.runUntilIdle();
    expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('splits a paper into its questions with numbers, parts, marks, pages and regions', async () => {
    const { split, questions } = await questionsOf(paper2022);
    expect(split).toBe('split');
    expect(questions.map((q) => [q.label, q.marks])).toEqual([
      ['Q1(a)', 4],
      ['Q1(b)', 6],
      ['Q2', 10],
      ['Q3', 10],
      ['Q4', 5],
    ]);
    const insert = byLabel(questions, 'Q1(b)');
    expect(insert).toMatchObject({ number: '1', part: 'b', page: 1 });
    expect(insert.text).toMatch(/^Insert the keys 10, 20, 5/);
    expect(insert.regions).toHaveLength(1);
    const [left, top, right, bottom] = insert.regions[0]!.box;
    expect(left).toBeLessThan(right!);
    expect(top).toBeLessThan(bottom!);
    // Below Q1(a) on the page.
    expect(top).toBeGreaterThan(byLabel(questions, 'Q1(a)').regions[0]!.box[1]!);
  });

  it('groups the questions two years ask again, OCR noise and changed numbers included, and no others', async () => {
    const older = await questionsOf(paper2022);
    const newer = await questionsOf(paper2023);
    const pairs: Array<[string, string]> = [
      ['Q1(a)', 'Q1(a)'],
      ['Q1(b)', 'Q1(b)'],
      ['Q2', 'Q2'],
    ];
    for (const [a, b] of pairs) {
      expect(byLabel(newer.questions, b).groupKey, `${a} ~ ${b}`).toBe(byLabel(older.questions, a).groupKey);
      expect(byLabel(newer.questions, b).asked).toEqual({ count: 2, years: [2022, 2023] });
    }
    const unrelated = [byLabel(older.questions, 'Q3'), byLabel(older.questions, 'Q4'), byLabel(newer.questions, 'Q3'), byLabel(newer.questions, 'Q4')];
    expect(new Set(unrelated.map((q) => q.groupKey)).size).toBe(4);
    for (const q of unrelated) expect(q.asked).toEqual({ count: 1, years: [q === unrelated[0] || q === unrelated[1] ? 2022 : 2023] });
  });

  it('shows the subject page: papers latest first and the most asked questions with their years', async () => {
    const res = await t.api.get(`/api/subjects/${encodeURIComponent('data structures')}`, { as: student.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = subjectPageResponseSchema.parse(res.json());
    expect(page.subject).toBe('Data Structures');
    expect(page.papers.map((p) => p.id)).toEqual([paper2023, paper2022]);
    expect(page.mostAsked).toHaveLength(3);
    for (const asked of page.mostAsked) {
      expect(asked.asked).toEqual({ count: 2, years: [2022, 2023] });
      expect(asked.occurrences.map((o) => o.resourceId)).toEqual([paper2022, paper2023]);
    }
    expect(page.marks).toEqual([5, 10, 12].filter((m) => page.mostAsked.some((q) => q.marks === m)));
    const tenMarks = await t.api.get(`/api/subjects/Data%20Structures?marks=${page.mostAsked[0]!.marks}`, { as: student.cookie });
    expect(subjectPageResponseSchema.parse(tenMarks.json()).mostAsked.every((q) => q.marks === page.mostAsked[0]!.marks)).toBe(true);
  });

  it('lists the questions asked once to CRs, latest paper first, for them to merge by hand, and not to students', async () => {
    const forStudent = subjectPageResponseSchema.parse((await t.api.get('/api/subjects/Data%20Structures', { as: student.cookie })).json());
    expect(forStudent.askedOnce).toBeUndefined();
    const res = await t.api.get('/api/subjects/Data%20Structures', { as: cr.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = subjectPageResponseSchema.parse(res.json());
    expect(page.mostAsked).toHaveLength(3);
    expect(page.askedOnce?.map((q) => [q.occurrences[0]!.resourceId, q.occurrences[0]!.label, q.asked.count, q.asked.years])).toEqual([
      [paper2023, 'Q3', 1, [2023]],
      [paper2023, 'Q4', 1, [2023]],
      [paper2022, 'Q3', 1, [2022]],
      [paper2022, 'Q4', 1, [2022]],
    ]);
    expect(page.askedOnce?.[1]?.text).toMatch(/^Implement a circular queue/);
    // The filters narrow them as they narrow "Most asked".
    const fiveMarks = subjectPageResponseSchema.parse((await t.api.get('/api/subjects/Data%20Structures?marks=5', { as: cr.cookie })).json());
    expect(fiveMarks.askedOnce?.map((q) => q.text)).toEqual([STACK[0]!.text]);
  });

  it('keeps a merge made by hand when the papers are processed again', async () => {
    const older = await questionsOf(paper2022, cr.cookie);
    const newer = await questionsOf(paper2023, cr.cookie);
    const stack = byLabel(older.questions, 'Q4');
    const queue = byLabel(newer.questions, 'Q4');
    const refused = await t.api.post(`/api/questions/${stack.id}/grouping`, { with: queue.id, same: true }, { as: student.cookie });
    expect(refused.statusCode).toBe(403);
    const merged = await t.api.post(`/api/questions/${stack.id}/grouping`, { with: queue.id, same: true }, { as: cr.cookie });
    expect(merged.statusCode, merged.body).toBe(200);
    // And one pair the engine grouped is said to be two questions.
    const hashing = byLabel(older.questions, 'Q2');
    const separated = await t.api.post(`/api/questions/${hashing.id}/grouping`, { with: byLabel(newer.questions, 'Q2').id, same: false }, { as: cr.cookie });
    expect(separated.statusCode, separated.body).toBe(200);

    await t.services.processing.enqueueAll();
    await t.services.processingRunner.runUntilIdle();
    const olderAgain = await questionsOf(paper2022);
    const newerAgain = await questionsOf(paper2023);
    expect(byLabel(olderAgain.questions, 'Q4').id).not.toBe(stack.id);
    expect(byLabel(newerAgain.questions, 'Q4').groupKey).toBe(byLabel(olderAgain.questions, 'Q4').groupKey);
    expect(byLabel(newerAgain.questions, 'Q2').groupKey).not.toBe(byLabel(olderAgain.questions, 'Q2').groupKey);
    expect(byLabel(newerAgain.questions, 'Q1(a)').groupKey).toBe(byLabel(olderAgain.questions, 'Q1(a)').groupKey);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'actor_id']).where('action', 'in', ['question.merge', 'question.separate']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['question.merge', 'question.separate']);
  }, 120_000);

  it('follows the file\'s access rule, and leaves notes and unnumbered papers unsplit', async () => {
    expect((await t.api.get(`/api/resources/${paper2022}/questions`)).statusCode).toBe(401);
    expect((await t.api.get('/api/subjects/Data%20Structures')).statusCode).toBe(401);
    expect((await t.api.get('/api/resources/00000000-0000-4000-8000-000000000000/questions', { as: student.cookie })).statusCode).toBe(404);
    const notes = await upload(t, cr.cookie, { fields: { title: 'Trees notes' }, pdf: { text: 'Q1. What is a tree? 1. Roots 2. Leaves' } });
    const plain = await upload(t, cr.cookie, { fields: { resourceType: 'PYQ', title: 'Unnumbered paper' }, pdf: { text: 'Answer briefly about trees and graphs' } });
    await t.services.processingRunner.runUntilIdle();
    expect(await questionsOf(notes.json().resource.id)).toEqual({ split: 'not-split', questions: [] });
    expect(await questionsOf(plain.json().resource.id)).toEqual({ split: 'none', questions: [] });
    const deleted = await t.db.kysely.deleteFrom('resource').where('id', '=', paper2023).execute();
    expect(deleted).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('question').select('id').where('resource_id', '=', paper2023).execute()).toEqual([]);
  }, 60_000);
});
