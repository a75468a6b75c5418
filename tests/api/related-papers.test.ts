import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedPapersResponseSchema } from '../../src/shared/questions.js';
import { makeQuestionPaper, type PaperQuestion } from '../support/question-paper.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const q = (text: string, marks = 10): PaperQuestion => [{ text, marks }];
const BTREE = q('Define a B-tree of order m and list the properties every node must satisfy, with an example of order 3.');
const HASHING = q('Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.');
const DIJKSTRA = q('Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices.');
const STACK = q('Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing the stack after each symbol.', 5);
const HEAP = q('Build a max heap from the array 4, 1, 3, 2, 16, 9, 10, 14, 8, 7 and then sort it with heap sort.', 8);
const QUEUE = q('Implement a circular queue in an array and show the front and rear after each of eight operations.', 6);
const AVL = q('Insert 30, 20, 40, 10, 25, 35 and 5 into an empty AVL tree, naming each rotation you perform.', 8);
const KRUSKAL = q('Find a minimum spanning tree of the given graph with Kruskal\'s algorithm, listing the edges in the order chosen.', 8);
const DEADLOCK = q('State the four necessary conditions for deadlock and explain how the banker\'s algorithm avoids it.');

describe(`related papers (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  const ids: Record<string, string> = {};

  const uploadPaper = async (name: string, subject: string, exam: string, year: number, questions: readonly PaperQuestion[]) => {
    const res = await upload(t, cr.cookie, {
      fields: { resourceType: 'PYQ', subject, title: name, academicYear: `${year}-${(year + 1) % 100}`, exam, examMonth: exam === 'End-sem' ? '12' : '9', examYear: String(year) },
      file: { name: `${name}.pdf`, bytes: makeQuestionPaper({ subject, year, questions }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().resource.id as string;
  };
  const relatedOf = async (name: string) => {
    const res = await t.api.get(`/api/resources/${ids[name]}/related`, { as: student.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const related = relatedPapersResponseSchema.parse(res.json());
    const title = (id: string) => Object.keys(ids).find((key) => ids[key] === id);
    return {
      otherYears: related.otherYears.map((r) => title(r.id)),
      sharing: related.sharingQuestions.map((s) => [title(s.resource.id), s.sharedQuestions]),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [cr, student] = [await signedIn(t, 'CR'), await signedIn(t, 'STUDENT')];
    await uploadPaper('DS End-sem 2022', 'Data Structures', 'End-sem', 2022, [BTREE, HASHING, DIJKSTRA, STACK]);
    // Under the subject's alias (DSA, a default one): the same subject.
    await uploadPaper('DS End-sem 2023', 'DSA', 'End-sem', 2023, [BTREE, HASHING, HEAP, QUEUE]);
    // Asks two of 2022's questions (and one of 2023's: too few to count).
    await uploadPaper('DS Mid-sem 2023', 'Data Structures', 'Mid-sem 1', 2023, [DIJKSTRA, STACK, HEAP, AVL]);
    // The same B-tree and hashing questions, but another subject: not grouped, not related.
    await uploadPaper('OS End-sem 2022', 'Operating Systems', 'End-sem', 2022, [BTREE, HASHING, DEADLOCK, KRUSKAL]);
    const outcomes = await t.services.processingRunner.runUntilIdle();
    expect(outcomes.map((o) => o.outcome)).toEqual(['done', 'done', 'done', 'done']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the other years of the same exam, latest first, and papers sharing two or more questions', async () => {
    expect(await relatedOf('DS End-sem 2022')).toEqual({
      otherYears: ['DS End-sem 2023'],
      // The 2023 End-sem shares three, but is already among the other years.
      sharing: [['DS Mid-sem 2023', 2]],
    });
    expect(await relatedOf('DS End-sem 2023')).toEqual({ otherYears: ['DS End-sem 2022'], sharing: [] });
    expect(await relatedOf('DS Mid-sem 2023')).toEqual({ otherYears: [], sharing: [['DS End-sem 2022', 2]] });
    expect(await relatedOf('OS End-sem 2022')).toEqual({ otherYears: [], sharing: [] });
  });

  it('follows the file\'s access rule: 401 signed out, 404 for an unknown paper', async () => {
    expect((await t.api.get(`/api/resources/${ids['DS End-sem 2022']}/related`)).statusCode).toBe(401);
    const unknown = await t.api.get('/api/resources/00000000-0000-4000-8000-000000000000/related', { as: student.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This resource does not exist or has been deleted.');
  });
});
