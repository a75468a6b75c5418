import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/server/modules/search/search-index.repository.js';
import { signedIn, upload } from './helpers/resources.js';
import { postgresStatementsDuring, statementsDuring } from './helpers/statements.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

/** Statements that look words up in the vocabulary: abbreviations and the words the index knows. */
const VOCABULARY = /subject_alias|search_term/;

/**
 * A query never asked before is mostly of words asked before: what the vocabulary says of each
 * word (its abbreviation's subject, whether the index knows it, its corrections) is remembered
 * while the database is unchanged (search.service.ts), and a write makes it read again.
 */
describe(`the vocabulary of a search is remembered while nothing changes (${testDialect})`, () => {
  let t: TestApp;
  let admin: Session;
  let student: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
    const index = new SearchIndexRepository(t.db.kysely, t.db.dialect);
    const papers = [
      { subject: 'Data Structures', file: 'ds.pdf', text: 'Dijkstra shortest path with a binary heap. Quicksort partitions around a pivot.' },
      { subject: 'Environmental Studies', file: 'evs.pdf', text: 'Ecosystems, biodiversity and the carbon cycle.' },
    ];
    for (const paper of papers) {
      const res = await upload(t, admin.cookie, { file: { name: paper.file }, fields: { subject: paper.subject } });
      expect(res.statusCode, res.body).toBe(201);
      await index.replacePages(res.json().resource.id, [{ page: 1, body: paper.text, ocr: false }]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function subjectsFound(q: string): Promise<{ subjects: string[]; vocabulary: string[] }> {
    let res: Awaited<ReturnType<TestApp['api']['get']>> | undefined;
    const during = async () => (res = await t.api.get(`/api/resources?${new URLSearchParams({ q, course: '' })}`, { as: student.cookie }));
    const ran = testDialect === 'sqlite' ? await statementsDuring(during) : await postgresStatementsDuring(during);
    expect(res!.statusCode, res!.body).toBe(200);
    const subjects = (res!.json().resources as Array<{ subject: string }>).map((r) => r.subject).sort();
    return { subjects, vocabulary: ran.filter((sql) => VOCABULARY.test(sql)) };
  }

  it('a new query of words asked before reads no vocabulary; a new word is looked up once', async () => {
    // Each word asked first: an abbreviation (DSA), a known word, a typo (corrected), a prefix.
    const first = await subjectsFound('dsa ');
    expect(first.subjects).toEqual(['Data Structures']);
    expect(first.vocabulary.length).toBeGreaterThan(0);
    expect((await subjectsFound('heap ')).subjects).toEqual(['Data Structures']);
    expect((await subjectsFound('quiksort ')).subjects).toEqual(['Data Structures']);
    expect((await subjectsFound('dijk')).subjects).toEqual(['Data Structures']);

    // New queries of the same words: nothing to read, the same papers found.
    const again = await subjectsFound('heap quiksort ');
    expect(again.subjects).toEqual(['Data Structures']);
    expect(again.vocabulary).toEqual([]);
    const typing = await subjectsFound('quiksort dijk');
    expect(typing.subjects).toEqual(['Data Structures']);
    expect(typing.vocabulary).toEqual([]);
    expect((await subjectsFound('dsa heap ')).vocabulary).toEqual([]);

    // One word not asked before: looked up (its abbreviation and whether it is known), then remembered.
    const carbon = await subjectsFound('heap carbon ');
    expect(carbon.subjects).toEqual([]);
    expect(carbon.vocabulary.length).toBeGreaterThan(0);
    const alone = await subjectsFound('carbon ');
    expect(alone.subjects).toEqual(['Environmental Studies']);
    expect(alone.vocabulary).toEqual([]);
  });

  it('a write in between makes the words read again: a new abbreviation applies to the next query with it', async () => {
    expect((await subjectsFound('ecology biodiversity ')).subjects).toEqual([]);
    // Written straight to the database (another instance, the CLI): nothing here is told.
    await t.db.kysely.insertInto('subject_alias').values({ alias: 'ECOLOGY', subject: 'Environmental Studies', created_at: new Date().toISOString() }).execute();
    const after = await subjectsFound('ecology ');
    expect(after.subjects).toEqual(['Environmental Studies']);
    expect(after.vocabulary.length).toBeGreaterThan(0);
  });
});
