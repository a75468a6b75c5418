import { RawNode, type CompiledQuery, type OperationNode } from 'kysely';
import type { Db } from '../../src/server/db/database.js';
import { PostgresSearchRepository } from '../../src/server/modules/search/postgres-search.repository.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/server/modules/search/search-index.repository.js';
import { parseQuery, type QueryGroup } from '../../src/server/modules/search/search-query.js';
import { SearchVocabularyRepository } from '../../src/server/modules/search/search-vocabulary.repository.js';
import { DEFAULT_SEARCH_LIMITS, type SearchLimits, type SearchRequest } from '../../src/server/modules/search/search.repository.js';
import { SqliteSearchRepository } from '../../src/server/modules/search/sqlite-search.repository.js';
import { OFFERED_YEARS, signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const FILLER = 'answer any five questions from the following and assume suitable data where necessary';
const WORDS = ['graph', 'tree', 'heap', 'sorting', 'queue', 'shortest path'];

/** The index alone (FTS5, the tsvector): every query ranked over its matches, as before phrases were remembered. */
const INDEX_ONLY: SearchLimits = { ...DEFAULT_SEARCH_LIMITS, countCap: 1_000_000, phraseListBytes: 0 };
/** Small bounds (the count cap, the first pass) so a few dozen papers reach every path of pageOfMatches. */
const REMEMBERED: SearchLimits = { countCap: 5, pagesPerResult: 1, minPages: 2, maxPages: 16, phraseListBytes: 1 << 20, phraseListSettleMs: 0 };

/** A statement's text as Kysely builds it (values shown as `?`): the raw SQL both repositories write. */
const text = (node: OperationNode): string =>
  RawNode.is(node) ? node.sqlFragments.map((fragment, i) => fragment + (node.parameters[i] ? text(node.parameters[i]) : '')).join('') : '?';

/** Parsed groups, with extra alternatives (as an abbreviation or a typo correction adds them). */
function groupsOf(q: string, extra: Record<number, string[]> = {}): QueryGroup[] {
  const groups = parseQuery(q);
  for (const [i, words] of Object.entries(extra)) groups[Number(i)]!.alternatives.push({ words, prefix: false });
  return groups;
}

describe(`search from remembered phrase scores: the same pages, order and totals as ranking by the index (${testDialect})`, () => {
  let t: TestApp;
  let admin: { cookie: string };
  let version = 0;
  const statements: { sql: string }[] = [];

  const repository = (db: Db, limits: SearchLimits) =>
    testDialect === 'postgres' ? new PostgresSearchRepository(db, limits) : new SqliteSearchRepository(db, limits);
  /** A repository whose statements are recorded (SQLite's reader threads; PostgreSQL's through Kysely). */
  function remembering(limits: SearchLimits) {
    const kysely = t.db.kysely.withPlugin({
      transformQuery: ({ node }) => (statements.push({ sql: text(node) }), node),
      transformResult: async ({ result }) => result,
    });
    const db = Object.assign(Object.create(t.db) as typeof t.db, {
      kysely: testDialect === 'postgres' ? kysely : t.db.kysely,
      readHeavy: (query: CompiledQuery) => (statements.push(query), t.db.readHeavy(query)),
      readColumns: (query: CompiledQuery) => (statements.push(query), t.db.readColumns(query)),
    });
    return repository(db, limits);
  }
  const indexVersion = () => new SearchVocabularyRepository(t.db.kysely).indexVersion();
  /** Statements that score one phrase on every page it matches, to be remembered. */
  const scoring = () => statements.filter((s) => /order by rowid|-\(ts_rank/.test(s.sql));
  /** Statements that match pages by the full-text index (FTS5's MATCH, the tsvector's @@). */
  const ftsStatements = () => statements.filter((s) => /resource_page_fts match|p\.tsv @@/i.test(s.sql));

  const TYPES = ['NOTES', 'PYQ', 'PRACTICAL'] as const;
  let papers = 0;

  async function addPaper(pages: string[]): Promise<string> {
    const n = papers++;
    const res = await upload(t, admin.cookie, { fields: { resourceType: TYPES[n % 3], academicYear: OFFERED_YEARS[n % 2] } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().resource.id as string;
    await new SearchIndexRepository(t.db.kysely, t.db.dialect).replacePages(id, pages.map((body, p) => ({ page: p + 1, body, ocr: false })));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN');
    for (let i = 0; i < 24; i++) {
      // Words a varying number of times on pages of varying length; papers 20-23 share one text
      // (equal scores, where the newest resource wins).
      const pages =
        i >= 20
          ? ['graph tree graph', `heap ${FILLER}`]
          : [0, 1, 2].map((p) => {
              const words = WORDS.filter((_, w) => (i + p + w) % 3 !== 0);
              return `${words.map((w, k) => Array(((i + k) % 4) + 1).fill(w).join(' ')).join(' ')} ${Array((i % 3) + p).fill(FILLER).join(' ')}`;
            });
      await addPaper(pages);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    // Both words of "shortest path", apart: no match for the phrase (PostgreSQL's ts_rank of it
    // there is not 0, so the index must add only the terms that match).
    await addPaper([`shortest route to the heap path ${FILLER}`]);
    // A word and longer words beginning with it ("graph", "graphical": another stem), on pages
    // with and without the word itself.
    await addPaper([`tree graphical heap ${FILLER}`, 'graphs graph tree graphical graphical queue']);
    version = await indexVersion();
  });

  afterAll(async () => {
    await t?.close();
  });

  const queries: Array<[string, QueryGroup[]]> = [
    ['two words', groupsOf('graph tree ')],
    // Remembered from the query before (a phrase alone is not scored for itself).
    ['one word', groupsOf('graph ')],
    ['three words', groupsOf('heap queue sorting ')],
    ['a phrase and a word', groupsOf('"shortest path" heap ')],
    ['a word being typed', groupsOf('graph sor')],
    ['a word being typed, whole already', groupsOf('heap sorting')],
    ['a word being typed, whole and longer (graph, graphs)', groupsOf('tree gra')],
    ['a word being typed with an alternative', groupsOf('heap que', { 1: ['tree'] })],
    ['a phrase being typed', groupsOf('queue shortest-pa')],
    ['a word being typed: pages with the word, and with only longer ones', groupsOf('tree graph')],
    ['nothing but a word being typed (left to the index)', groupsOf('graph')],
    ['alternatives (an abbreviation or typo corrections)', groupsOf('grph tree ', { 0: ['graph'], 1: ['heap'] })],
    ['a phrase as an alternative (an abbreviation\'s subject)', groupsOf('heap ', { 0: ['shortest', 'path'] })],
    ['the same word twice', groupsOf('tree tree ')],
    ['a word no page has', groupsOf('graph zebra ')],
    ['a stop word (PostgreSQL leaves it out)', groupsOf('the graph ')],
    ['only stop words', groupsOf('the and ')],
    ['a stop word being typed (PostgreSQL leaves it out)', groupsOf('graph the')],
  ];

  it('every page of every query equals ranking by the index, and once its phrases are scored it reads no index match', async () => {
    const index = repository(t.db, INDEX_ONLY);
    const remembered = remembering(REMEMBERED);
    for (const [what, groups] of queries) {
      const all = await index.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 100 });
      // The first search asks for its phrases to be scored, in the background.
      const first = await remembered.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 2, indexVersion: version });
      expect(first.matches, what).toEqual(all.matches.slice(0, 2));
      await remembered.phrasesScored();
      // Nothing but a word being typed is left to the index (and the answer memo).
      const typed = groups.every((group) => group.alternatives.some((term) => term.prefix));
      for (let offset = 0; offset <= all.total + 2; offset += 2) {
        const request: SearchRequest = { groups, filter: {}, order: 'relevance', offset, limit: 2, indexVersion: version };
        statements.length = 0;
        const page = await remembered.search(request);
        expect(page.matches, `${what} at ${offset}`).toEqual(all.matches.slice(offset, offset + 2));
        const cap = Math.max(REMEMBERED.countCap, offset + 3);
        expect({ total: page.total, capped: page.totalCapped }, `${what} at ${offset}`).toEqual(
          all.total > cap ? { total: cap, capped: true } : { total: all.total, capped: false },
        );
        // Only a query of nothing but a word being typed goes to the index; everything else comes from the scores.
        expect(ftsStatements().length > 0, `${what} at ${offset}`).toBe(typed);
        // ...grouped by resource in memory: at most one statement, naming the resources of the pages chosen.
        if (!typed) expect(statements.filter((s) => !/^\s*select p\.id as page_id, p\.resource_id, p\.page from resource_page p join resource r on r\.id = p\.resource_id\s+where p\.id in \(/.test(s.sql)), `${what} at ${offset}`).toEqual([]);
      }
    }
    // Any new combination of remembered phrases comes without an FTS5 MATCH.
    statements.length = 0;
    const groups = groupsOf('queue "shortest path" ');
    const page = await remembered.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 5, indexVersion: version });
    expect(page.matches).toEqual((await index.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 5 })).matches);
    expect(page.matches.length).toBe(5);
    expect(ftsStatements()).toEqual([]);
  });

  it('with facets too: every page equals ranking by the index, from the scores once the resources passing are read', async () => {
    const index = repository(t.db, INDEX_ONLY);
    const remembered = remembering(REMEMBERED);
    const filters = [{ resourceType: 'PYQ' as const }, { resourceType: 'NOTES' as const, academicYear: OFFERED_YEARS[1] }, { branch: 'ece' }];
    for (const filter of filters) {
      for (const [what, groups] of queries.filter(([, g]) => !g.every((group) => group.alternatives.some((term) => term.prefix)))) {
        const all = await index.search({ groups, filter, order: 'relevance', offset: 0, limit: 100 });
        await remembered.search({ groups, filter, order: 'relevance', offset: 0, limit: 2, indexVersion: version });
        await remembered.phrasesScored();
        for (let offset = 0; offset <= all.total + 2; offset += 2) {
          const label = `${what} ${JSON.stringify(filter)} at ${offset}`;
          statements.length = 0;
          const page = await remembered.search({ groups, filter, order: 'relevance', offset, limit: 2, indexVersion: version });
          expect(page.matches, label).toEqual(all.matches.slice(offset, offset + 2));
          const cap = Math.max(REMEMBERED.countCap, offset + 3);
          expect({ total: page.total, capped: page.totalCapped }, label).toEqual(
            all.total > cap ? { total: cap, capped: true } : { total: all.total, capped: false },
          );
          expect(ftsStatements(), label).toEqual([]);
        }
      }
    }
  });

  it('the newest and most downloaded orders still go through the index', async () => {
    const remembered = remembering(REMEMBERED);
    const index = repository(t.db, INDEX_ONLY);
    for (const order of ['newest', 'downloads'] as const) {
      const request = { groups: groupsOf('graph '), filter: {}, order, offset: 0, limit: 5 };
      await remembered.search({ ...request, indexVersion: version });
      await remembered.phrasesScored();
      statements.length = 0;
      const page = await remembered.search({ ...request, indexVersion: version });
      expect(page.matches).toEqual((await index.search(request)).matches);
      expect(ftsStatements().length).toBeGreaterThan(0);
    }
  });

  it('new page text is found at the new index version; a deleted paper is gone at the next', async () => {
    const remembered = remembering(REMEMBERED);
    const index = repository(t.db, { ...REMEMBERED, phraseListBytes: 0 });
    const groups = groupsOf('graph tree ');
    const request = (v: number): SearchRequest => ({ groups, filter: {}, order: 'relevance', offset: 0, limit: 3, indexVersion: v });
    await remembered.search(request(version));
    await remembered.phrasesScored();
    // The best page there is now: "graph tree" over and over, nothing else.
    const newest = await addPaper([Array(20).fill('graph tree').join(' ')]);
    const next = await indexVersion();
    // At the new version the scores are outdated: FTS5 answers, and the phrases are scored again.
    for (const pass of ['FTS5', 'scores']) {
      statements.length = 0;
      const found = await remembered.search(request(next));
      expect(found.matches[0]?.resourceId, pass).toBe(newest);
      expect(found, pass).toEqual(await index.search({ ...request(next), indexVersion: undefined }));
      expect(ftsStatements().length > 0, pass).toBe(pass === 'FTS5');
      await remembered.phrasesScored();
    }

    const res = await t.app.inject({ method: 'DELETE', url: `/api/resources/${newest}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    // Deleting moves the index version (migration 018): the lists of the version before are outdated.
    const afterDelete = await indexVersion();
    expect(afterDelete).toBeGreaterThan(next);
    const after = await remembered.search(request(afterDelete));
    await remembered.phrasesScored();
    expect(await remembered.search(request(afterDelete))).toEqual(after);
    expect(after.matches.map((m) => m.resourceId)).not.toContain(newest);
    expect(after).toEqual(await index.search({ ...request(afterDelete), indexVersion: undefined }));
    // forget() drops them too (an instance told by another that a resource went).
    remembered.forget();
    expect(await remembered.search(request(afterDelete))).toEqual(after);
    // Its scoring must not run into the next test's record of statements.
    await remembered.phrasesScored();
    version = await indexVersion();
  });

  // ts_rank and a prefix's pages depend on the page alone (bm25 on the whole index): PostgreSQL
  // brings a list up to date from the change log (migration 019), at once, for the pages changed.
  it.runIf(testDialect === 'postgres')('an outdated list is brought up to date from the pages changed since, without reading the phrase again', async () => {
    const settleMs = 300;
    const remembered = remembering({ ...REMEMBERED, phraseListSettleMs: settleMs });
    const index = repository(t.db, { ...REMEMBERED, phraseListBytes: 0 });
    const queriesAsked = [groupsOf('graph tree '), groupsOf('heap tre'), groupsOf('queue heap ')];
    const request = (groups: QueryGroup[], v: number): SearchRequest => ({ groups, filter: {}, order: 'relevance', offset: 0, limit: 4, indexVersion: v });
    const fromLists = async (v: number) => {
      for (const groups of queriesAsked) await remembered.search(request(groups, v));
      await remembered.phrasesScored();
      for (const groups of queriesAsked) {
        const mark = statements.length;
        const page = await remembered.search(request(groups, v));
        const matched = statements.slice(mark).filter((s) => /p\.tsv @@/.test(s.sql));
        expect(page, JSON.stringify(groups)).toEqual(await index.search(request(groups, v)));
        expect(matched, JSON.stringify(groups)).toEqual([]);
      }
    };
    // Read in full once the index has settled.
    for (const groups of queriesAsked) await remembered.search(request(groups, version));
    await new Promise((resolve) => setTimeout(resolve, settleMs + 50));
    await fromLists(version);

    // A new paper holding the words (its pages: many versions), and a paper deleted.
    const added = await addPaper([Array(20).fill('graph tree heap queue trees').join(' ')]);
    const deleted = await addPaper(['graph tree heap queue']);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/resources/${deleted}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const next = await indexVersion();
    statements.length = 0;
    // The first search at the new version waits for the lists to be brought up to date, and is
    // answered from them: only the changed pages were read (through the log), in one statement
    // for the phrases and one for the prefixes, not the index's matches nor a list's every page.
    await fromLists(next);
    const read = statements.map((s) => s.sql);
    expect(read.filter((text) => /search_page_change/.test(text)).length).toBe(2);
    expect(read.filter((text) => /p\.tsv @@/.test(text) && !/search_page_change/.test(text))).toEqual([]);
    const best = await remembered.search(request(queriesAsked[0]!, next));
    expect(best.matches[0]?.resourceId).toBe(added);
    for (const groups of queriesAsked) {
      expect((await remembered.search(request(groups, next))).matches.map((m) => m.resourceId)).not.toContain(deleted);
    }
    version = next;
  });

  it('a phrase asked alone is not scored in full (the answer memo serves it); combined with another, it is', async () => {
    const remembered = remembering(REMEMBERED);
    statements.length = 0;
    await remembered.search({ groups: groupsOf('queue '), filter: {}, order: 'relevance', offset: 0, limit: 3, indexVersion: version });
    await remembered.phrasesScored();
    expect(scoring()).toEqual([]);
    await remembered.search({ groups: groupsOf('queue heap '), filter: {}, order: 'relevance', offset: 0, limit: 3, indexVersion: version });
    await remembered.phrasesScored();
    expect(scoring().length).toBe(2);
  });

  it('while the index keeps changing, a phrase is not scored in full: the index ranks as before', async () => {
    const settling = remembering({ ...REMEMBERED, phraseListSettleMs: 60_000 });
    statements.length = 0;
    const groups = groupsOf('heap queue ');
    const page = await settling.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 3, indexVersion: version });
    await settling.phrasesScored();
    expect(page.matches.length).toBe(3);
    // No statement scored the phrases in full.
    expect(scoring()).toEqual([]);
    expect(ftsStatements().length).toBeGreaterThan(0);
  });

  it('a word being typed ranks as the finished word among the pages holding it; pages with only longer words follow', async () => {
    const index = repository(t.db, INDEX_ONLY);
    // "quartzite" is a longer word than "quartz" (its own stem in both databases). Typed as a
    // prefix, the letters counted in "quartzite" would put B first (ranking by the prefix).
    const a = await addPaper(['zircon quartz quartz']);
    const b = await addPaper(['zircon quartzite quartzite quartzite quartzite quartzite quartzite quartzite quartzite quartz']);
    const c = await addPaper(['zircon quartzite']);
    const order = async (q: string) =>
      (await index.search({ groups: groupsOf(q), filter: {}, order: 'relevance', offset: 0, limit: 10 })).matches.map((m) => m.resourceId);
    expect(await order('zircon quartz ')).toEqual([a, b]);
    expect(await order('zircon quartz')).toEqual([a, b, c]);
    // The letters alone are no word: the other words rank (bm25: the shortest page first;
    // ts_rank: equal, the newest first), not the letters counted in "quartzite".
    expect(await order('zircon quart')).toEqual(testDialect === 'postgres' ? [c, b, a] : [c, a, b]);
    // A paper holding only the longer word, often, between those with the word whole: the
    // remembered scores rank the mix as the index does, page by page.
    const d = await addPaper(['zircon zircon zircon quartzite', `zircon quartzite ${FILLER}`]);
    version = await indexVersion();
    const remembered = remembering(REMEMBERED);
    for (const q of ['zircon quartz', 'zircon quart', 'zircon quartz ']) {
      const groups = groupsOf(q);
      const all = await index.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 10 });
      await remembered.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 1, indexVersion: version });
      await remembered.phrasesScored();
      for (let offset = 0; offset < all.total; offset++) {
        statements.length = 0;
        const page = await remembered.search({ groups, filter: {}, order: 'relevance', offset, limit: 1, indexVersion: version });
        expect(page.matches, `${q} at ${offset}`).toEqual(all.matches.slice(offset, offset + 1));
        expect(ftsStatements(), `${q} at ${offset}`).toEqual([]);
      }
      if (!q.endsWith(' ')) expect(all.matches.map((m) => m.resourceId), q).toContain(d);
    }
    version = await indexVersion();
  });

  // PostgreSQL leaves stop words out of to_tsquery: "the quart" has no other word left to rank
  // by, so the letters rank as they do alone, not all at 0 with the newest first. (SQLite indexes
  // "the" as a word: it must be on the page, and ranks.)
  it.runIf(testDialect === 'postgres')('a stop word and a word being typed rank as the letters alone', async () => {
    const index = repository(t.db, INDEX_ONLY);
    const order = async (q: string) =>
      (await index.search({ groups: groupsOf(q), filter: {}, order: 'relevance', offset: 0, limit: 10 })).matches.map((m) => m.resourceId);
    const alone = await order('quart');
    // The papers of the test before: the letters in "quartzite" eight times come first.
    expect(alone.length).toBeGreaterThan(2);
    expect(alone).not.toEqual([...alone].reverse());
    expect(await order('the quart')).toEqual(alone);
    expect(await order('the and quart')).toEqual(alone);
  });
});
