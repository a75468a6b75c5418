import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearDuplicateListSchema } from '../../src/shared/near-duplicates.js';
import { makeQuestionPaper, type PaperQuestion } from '../support/question-paper.js';
import { resourceRows, signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const q = (text: string, marks = 10): PaperQuestion => [{ text, marks }];
const QUESTIONS = [
  q('Define a B-tree of order m and list the properties every node must satisfy, with an example of order 3.'),
  q('Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions in a hash table.'),
  q("Write Dijkstra's algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices."),
  q('Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing the stack after each symbol.', 5),
];
const paper = (perPage: number) => makeQuestionPaper({ subject: 'Data Structures', year: 2024, questions: QUESTIONS, perPage });

describe(`near-duplicate pairs flagged after processing, merged or dismissed (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;
  const ids: string[] = [];

  const uploadCopy = async (perPage: number, title: string) => {
    const res = await upload(t, cr.cookie, {
      fields: { resourceType: 'PYQ', title, confirmNearDuplicate: 'true' },
      file: { name: `${title}.pdf`, bytes: paper(perPage) },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().resource.id as string);
  };
  const flagged = async () => {
    const res = await t.api.get('/api/admin/near-duplicates', { as: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return nearDuplicateListSchema.parse(res.json()).pairs;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [cr, admin, student, other] = [await signedIn(t, 'CR'), await signedIn(t, 'ADMIN'), await signedIn(t, 'STUDENT'), await signedIn(t, 'STUDENT')];
    await uploadCopy(4, 'DS PYQ Dec 2024 End-sem');
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
    // "Upload anyway": saved, then flagged once processing has its text.
    await uploadCopy(2, 'DS 2024 second export');
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the flagged pair for admins only, older paper first, with how much is the same', async () => {
    expect((await t.api.get('/api/admin/near-duplicates', { as: student.cookie })).statusCode).toBe(403);
    const pairs = await flagged();
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.papers.map((p) => p.title)).toEqual(['DS PYQ Dec 2024 End-sem', 'DS 2024 second export']);
    expect(pairs[0]!.percent).toBeGreaterThanOrEqual(90);
  });

  it('merges: downloads summed, shelves moved without doubles, the other paper and its file gone, audited', async () => {
    const [keep, drop] = [ids[0]!, ids[1]!];
    await t.services.resources.setDownloadsForDemo(keep, 3);
    await t.services.resources.setDownloadsForDemo(drop, 2);
    for (const id of [keep, drop]) expect((await t.api.put(`/api/shelf/${id}`, undefined, { as: student.cookie })).statusCode).toBe(200);
    expect((await t.api.put(`/api/shelf/${drop}`, undefined, { as: other.cookie })).statusCode).toBe(200);
    const dropKey = (await resourceRows(t)).find((r) => r.id === drop)!.file_key;
    expect((await storedFiles(t)).some((f) => f.replace(/\\/g, '/').includes(dropKey.split('/').at(-1)!))).toBe(true);

    expect((await t.api.post('/api/admin/near-duplicates/merge', { keep, drop }, { as: student.cookie })).statusCode).toBe(403);
    const res = await t.api.post('/api/admin/near-duplicates/merge', { keep, drop }, { as: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await resourceRows(t);
    expect(rows.map((r) => [r.id, Number(r.downloads)])).toEqual([[keep, 5]]);
    // Sorted here: the databases' collations order mixed-case ids differently.
    const byUser = (a: { user_id: string }, b: { user_id: string }) => (a.user_id < b.user_id ? -1 : 1);
    const shelf = await t.db.kysely.selectFrom('shelf_item').select(['user_id', 'resource_id']).execute();
    expect(shelf.sort(byUser)).toEqual(
      [
        { user_id: student.user.id, resource_id: keep },
        { user_id: other.user.id, resource_id: keep },
      ].sort(byUser),
    );
    expect((await storedFiles(t)).some((f) => f.replace(/\\/g, '/').includes(dropKey.split('/').at(-1)!))).toBe(false);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'resource.merge').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.user.id, target_id: drop });
    expect(await flagged()).toEqual([]);

    const again = await t.api.post('/api/admin/near-duplicates/merge', { keep, drop }, { as: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_FLAGGED');
  });

  it('dismisses a pair: it leaves the list, both papers stay, and reprocessing does not flag it again', async () => {
    await uploadCopy(1, 'DS 2024 one question a page');
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
    const [pair] = await flagged();
    expect(pair!.papers.map((p) => p.id)).toEqual([ids[0], ids[2]]);
    const res = await t.api.post('/api/admin/near-duplicates/dismiss', { a: ids[2], b: ids[0] }, { as: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagged()).toEqual([]);
    expect((await resourceRows(t)).map((r) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    await t.db.kysely.updateTable('processing_job').set({ status: 'pending', next_attempt_at: new Date(0).toISOString() }).where('resource_id', '=', ids[2]!).execute();
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
    expect(await flagged()).toEqual([]);
  });

  it('flags every paper a new copy matches, not only the closest', async () => {
    await uploadCopy(3, 'DS 2024 three questions a page');
    expect((await t.services.processingRunner.runUntilIdle()).map((o) => o.outcome)).toEqual(['done']);
    const pairs = (await flagged()).map((pair) => pair.papers.map((p) => p.id).sort());
    expect(pairs.sort()).toEqual([[ids[0], ids[3]].sort(), [ids[2], ids[3]].sort()].sort());
  });
});
