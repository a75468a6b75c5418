import { CompiledQuery, RawNode, type OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSearchRepository } from '../../src/server/modules/search/postgres-search.repository.js';
import { SearchIndexRepository } from '../../src/server/modules/search/search-index.repository.js';
import { parseQuery } from '../../src/server/modules/search/search-query.js';
import { MATCH_END, MATCH_START, type SearchLimits, type SearchOrder, type SearchRepository } from '../../src/server/modules/search/search.repository.js';
import { SqliteSearchRepository } from '../../src/server/modules/search/sqlite-search.repository.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Phrases' scores are not remembered here (requests carry no index version anyway): FTS5 ranks. */
const NO_LISTS = { phraseListBytes: 0, phraseListSettleMs: 0 };
/** Ranks every matching page and counts every resource: what search did before it was bounded. */
const EXHAUSTIVE: SearchLimits = { countCap: 1_000_000, pagesPerResult: 1, minPages: 2, maxPages: 1, ...NO_LISTS };
/**
 * Tiny bounds, so a dozen papers go through the capped count and each way out of the first
 * pass: too few pages ranked (widened, then all), and enough (the rows shown beat the worst page).
 */
const TINY: SearchLimits = { countCap: 3, pagesPerResult: 1, minPages: 2, maxPages: 16, ...NO_LISTS };
const SMALL: SearchLimits = { countCap: 5, pagesPerResult: 4, minPages: 4, maxPages: 256, ...NO_LISTS };

const TYPES = ['NOTES', 'PYQ', 'PRACTICAL'] as const;
const FILLER = 'answer any five questions from the following and assume suitable data where necessary';

/** Page text with `word` n times among filler (longer pages rank lower under bm25 and ts_rank). */
const pageWith = (word: string, n: number, filler = 1) => `${Array(n).fill(word).join(' ')} ${Array(filler).fill(FILLER).join(' ')}`;

describe(`bounded search: the same pages and order as ranking everything, totals capped (${testDialect})`, () => {
  let t: TestApp;
  const repository = (limits: SearchLimits): SearchRepository =>
    testDialect === 'postgres' ? new PostgresSearchRepository(t.db, limits) : new SqliteSearchRepository(t.db, limits);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedIn(t, 'ADMIN');
    const index = new SearchIndexRepository(t.db.kysely, t.db.dialect);
    for (let i = 0; i < 14; i++) {
      const res = await upload(t, admin.cookie, { fields: { resourceType: TYPES[i % 3] } });
      expect(res.statusCode, res.body).toBe(201);
      // Three pages each, "graph" a different number of times on each; papers 10-13 are the
      // same text (equal scores: the tie goes to the newest), and "tree" is on some pages only.
      const pages =
        i >= 10
          ? [pageWith('graph', 2), pageWith('tree', 1)]
          : [pageWith('graph', ((i * 7) % 5) + 1, 1 + (i % 3)), pageWith('graph tree', (i % 4) + 1, 2), pageWith('heap', 3)];
      await index.replacePages(res.json().resource.id, pages.map((body, p) => ({ page: p + 1, body, ocr: false })));
      // Distinct creation times, so "newest" has no ties.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('every page of results, in every order and with facets, equals the exhaustive ranking', async () => {
    const exhaustive = repository(EXHAUSTIVE);
    for (const limits of [TINY, SMALL]) {
      const bounded = repository(limits);
      // Typed too: a word typed in full, letters with a word before them, and letters alone.
      for (const q of ['graph ', 'graph tree ', 'tree ', 'graph tree', 'tree gr', 'gr']) {
        for (const order of ['relevance', 'newest', 'downloads'] as SearchOrder[]) {
          for (const filter of [{}, { resourceType: 'PYQ' }]) {
            const all = await exhaustive.search({ groups: parseQuery(q), filter, order, offset: 0, limit: 50 });
            expect(all.totalCapped).toBe(false);
            expect(all.total).toBe(all.matches.length);
            for (let offset = 0; offset <= all.total + 2; offset += 2) {
              const request = { groups: parseQuery(q), filter, order, offset, limit: 2 };
              const what = JSON.stringify({ q, order, filter, offset });
              const page = await bounded.search(request);
              expect(page.matches, what).toEqual(all.matches.slice(offset, offset + 2));
              expect(page.matches, what).toEqual((await exhaustive.search(request)).matches);
              // Counted up to the cap, or to one past the page asked for when that is further.
              const cap = Math.max(limits.countCap, offset + 3);
              expect({ total: page.total, capped: page.totalCapped }, what).toEqual(
                all.total > cap ? { total: cap, capped: true } : { total: all.total, capped: false },
              );
            }
          }
        }
      }
    }
  });

  it.runIf(testDialect === 'sqlite')('snippets of one page read that page only (FTS5 ignores a rowid bound as a REAL)', async () => {
    const statements: CompiledQuery[] = [];
    const db = Object.assign(Object.create(t.db) as typeof t.db, {
      readHeavy: (query: CompiledQuery) => (statements.push(query), t.db.readHeavy(query)),
    });
    const repository = new SqliteSearchRepository(db);
    // A word, a word being typed, and a word with an alternative (an abbreviation's subject).
    const withAlternative = parseQuery('graph ');
    withAlternative[0]!.alternatives.push({ words: ['heap'], prefix: false });
    for (const [q, groups] of [['graph ', parseQuery('graph ')], ['graph tree', parseQuery('graph tree')], ['graph or heap', withAlternative]] as const) {
      const { matches } = await repository.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 1 });
      expect(matches.length, q).toBe(1);
      statements.length = 0;
      const snippets = await repository.snippets(groups, [matches[0]!.pageId]);
      expect([...snippets.keys()], q).toEqual([matches[0]!.pageId]);
      // The statement itself gave that one row, not every page matching.
      expect(await t.db.readHeavy(statements[0]!), q).toHaveLength(1);
    }
  });

  it.runIf(testDialect === 'sqlite')('snippets of a query typed with a prefix seek its whole words, or scan the matches once, never a merge per page', async () => {
    // FTS5 evaluates a MATCH once per rowid handed to it; for a prefix that is a merge of every
    // matching word's list each time (729 ms for "mem" and 20 pages on the bench's library).
    const statements: CompiledQuery[] = [];
    const db = Object.assign(Object.create(t.db) as typeof t.db, {
      readHeavy: (query: CompiledQuery) => (statements.push(query), t.db.readHeavy(query)),
    });
    const repository = new SqliteSearchRepository(db);
    // What each query's snippets mark, and how FTS5 reads each statement (M: the MATCH, scanned;
    // =M: the MATCH at each id given).
    const cases: Array<[string, string, string[]]> = [
      ['graph tree ', 'tree', ['=M']],
      // The word being typed marked where the page holds it whole, else the other words: no prefix.
      ['graph tree', 'tree', ['=M']],
      ['tree gr', 'tree', ['=M']],
      // Nothing but letters being typed: no page holds them whole; one pass over the matches.
      ['tre', 'tree', ['=M', 'M']],
    ];
    for (const [q, marked, plans] of cases) {
      const groups = parseQuery(q);
      const { matches } = await repository.search({ groups, filter: {}, order: 'relevance', offset: 0, limit: 20 });
      expect(matches.length, q).toBeGreaterThan(2);
      statements.length = 0;
      const snippets = await repository.snippets(groups, matches.map((m) => m.pageId));
      expect([...snippets.keys()].sort(), q).toEqual(matches.map((m) => m.pageId).sort());
      for (const snippet of snippets.values()) expect(snippet, q).toContain(`${MATCH_START}${marked}${MATCH_END}`);
      const read: string[] = [];
      for (const statement of statements) {
        const plan = await t.db.kysely.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
        );
        const fts = plan.rows.map((row) => row.detail).find((detail) => detail.includes('resource_page_fts'));
        read.push(/INDEX \d+:=M/.test(fts ?? '') ? '=M' : /INDEX \d+:M/.test(fts ?? '') ? 'M' : `? ${fts}`);
      }
      expect(read, q).toEqual(plans);
    }
  });

  it('the first pass really is bounded: the best pages of few resources still fill the page', async () => {
    // "graph" matches 14 papers: with 2 pages ranked first, the page of 2 needs widening for ties.
    const bounded = repository(TINY);
    const page = await bounded.search({ groups: parseQuery('graph '), filter: {}, order: 'relevance', offset: 0, limit: 2 });
    expect(page.matches).toHaveLength(2);
    expect(page).toMatchObject({ total: 3, totalCapped: true });
  });
});

describe(`bounded search over many tied pages: settled at the line, not by ranking every match (${testDialect})`, () => {
  let t: TestApp;
  /** The ranked pages (CTE t) of every statement a search runs. */
  let rankedPages: string[] = [];

  /**
   * A repository whose statements are seen (a Kysely plugin, through which both dialects compile
   * their statements): the row source of `t` in each is kept, values shown as `?`.
   */
  const recording = (limits: SearchLimits): SearchRepository => {
    const text = (node: OperationNode): string =>
      RawNode.is(node)
        ? node.sqlFragments.map((fragment, i) => fragment + (node.parameters[i] ? text(node.parameters[i]) : '')).join('')
        : '?';
    const kysely = t.db.kysely.withPlugin({
      transformQuery: ({ node }) => {
        const pages = /\bt as materialized \((.*?)\),\s*m as/s.exec(text(node))?.[1];
        if (pages) rankedPages.push(pages.replace(/\s+/g, ' ').trim());
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const db = Object.assign(Object.create(t.db) as typeof t.db, { kysely });
    return testDialect === 'postgres' ? new PostgresSearchRepository(db, limits) : new SqliteSearchRepository(db, limits);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedIn(t, 'ADMIN');
    const index = new SearchIndexRepository(t.db.kysely, t.db.dialect);
    // 20 papers of one text (the subject's page 0 of a real library) and 2 that say it more.
    for (let i = 0; i < 22; i++) {
      const res = await upload(t, admin.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const body = i < 2 ? pageWith('kinematics', 3) : pageWith('kinematics', 1);
      await index.replacePages(res.json().resource.id, [{ page: 1, body, ocr: false }]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('every page equals the exhaustive ranking (the newest wins a tie), and no statement ranks every page', async () => {
    const exhaustive = new (testDialect === 'postgres' ? PostgresSearchRepository : SqliteSearchRepository)(t.db, EXHAUSTIVE);
    // 22 matching pages, more than TINY's widest bounded pass (16): only a pass over every page,
    // or the pages scoring no worse than the line, can settle a page of tied papers.
    const bounded = recording({ ...TINY, countCap: 1000 });
    for (let offset = 0; offset < 22; offset += 4) {
      const request = { groups: parseQuery('kinematics '), filter: {}, order: 'relevance' as const, offset, limit: 4 };
      rankedPages = [];
      const page = await bounded.search(request);
      expect(page.matches, `offset ${offset}`).toEqual((await exhaustive.search(request)).matches);
      expect(page.total).toBe(22);
      // Past the widest bounded pass (a deep page), every page is ranked, as before.
      if ((offset + 4) * TINY.pagesPerResult > TINY.maxPages) continue;
      expect(rankedPages.length, `offset ${offset}`).toBeGreaterThan(0);
      for (const pages of rankedPages) expect(pages, `offset ${offset}: a statement ranked every page`).toMatch(/ limit |<=|>=/);
    }
  });
});
