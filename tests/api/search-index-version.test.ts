import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/server/modules/search/search-index.repository.js';
import { SearchVocabularyRepository } from '../../src/server/modules/search/search-vocabulary.repository.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * The search index version decides when a remembered search answer is read again (SearchService):
 * every change to the pages' text must move it, whoever commits it and in whatever order.
 */
describe(`the search index version moves with every change to page text (${testDialect})`, () => {
  let t: TestApp;
  let admin: { cookie: string };
  const version = () => new SearchVocabularyRepository(t.db.kysely).indexVersion();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paper(): Promise<string> {
    const res = await upload(t, admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resource.id as string;
  }

  it('an upload, its pages, a title edit (page 0 rewritten in place) and a delete each move it', async () => {
    const before = await version();
    const id = await paper();
    const uploaded = await version();
    expect(uploaded).toBeGreaterThan(before);
    await new SearchIndexRepository(t.db.kysely, t.db.dialect).replacePages(id, [{ page: 1, body: 'dijkstra shortest path', ocr: false }]);
    const indexed = await version();
    expect(indexed).toBeGreaterThan(uploaded);
    // A rewrite in place keeps every page id: the highest id, the version before, stayed put.
    await new SearchIndexRepository(t.db.kysely, t.db.dialect).replacePageZero(id, 'Operating Systems renamed notes');
    const renamed = await version();
    expect(renamed).toBeGreaterThan(indexed);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await version()).toBeGreaterThan(renamed);
  });

  it.runIf(testDialect === 'postgres')('a page committed after a page numbered higher (two instances processing at once) moves it', async () => {
    const [first, second] = [await paper(), await paper()];
    const { database } = t.config;
    if (database.dialect !== 'postgres') return;
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    let writing: Promise<unknown> | undefined;
    try {
      // Another instance's transaction takes a page id first; this one writes a page meanwhile
      // (a higher id). With the highest id as the version, this one committed at once and the other
      // committed later without moving it: a search remembered in between missed its page for good.
      // Now the second writer waits for the first (both move one counter), so nothing is missed.
      await other.query('begin');
      await other.query(`insert into resource_page (resource_id, page, body) values ($1, 1, 'written first, committed last')`, [first]);
      const before = await version();
      writing = t.db.kysely.transaction().execute((tx) => new SearchIndexRepository(tx, t.db.dialect).replacePages(second, [{ page: 1, body: 'written second', ocr: false }]));
      const state = await Promise.race([writing.then(() => 'committed'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
      expect(state).toBe('waiting');
      expect(await version()).toBe(before);
      await other.query('commit');
      await writing;
      expect(await version()).toBeGreaterThan(before);
    } finally {
      await other.end();
      await writing?.catch(() => undefined);
    }
  });

  it.runIf(testDialect === 'postgres')('the pages each version changed are logged with it; a statement that changes no text moves nothing', async () => {
    const id = await paper();
    const pages = new SearchIndexRepository(t.db.kysely, t.db.dialect);
    const changes = async (after: number) =>
      (await sql<{ v: string; page_id: string }>`select v, page_id from search_page_change where v > ${after} order by v, page_id`.execute(t.db.kysely)).rows.map(
        (r) => [Number(r.v) - after, Number(r.page_id)],
      );
    const idsOf = async () =>
      (await t.db.kysely.selectFrom('resource_page').select(['id', 'page']).where('resource_id', '=', id).orderBy('page').execute()).map((r) => Number(r.id));

    const start = await version();
    await pages.replacePages(id, [
      { page: 1, body: 'dijkstra shortest path', ocr: false },
      { page: 2, body: 'bellman ford', ocr: false },
    ]);
    const [zero, one, two] = await idsOf();
    // One statement inserting both pages (the old ones, if any, deleted before): one version each.
    const written = await changes(start);
    expect(written.filter(([, page]) => page === one || page === two).map(([v]) => v)).toEqual([written.at(-1)![0], written.at(-1)![0]]);
    const afterWrite = await version();
    expect(afterWrite - start).toBe(written.at(-1)![0]);

    // Another column, and the text set to itself: no version, no log.
    await t.db.kysely.updateTable('resource_page').set({ ocr: 1 }).where('id', '=', one!).execute();
    await t.db.kysely.updateTable('resource_page').set({ body: 'bellman ford' }).where('id', '=', two!).execute();
    expect(await version()).toBe(afterWrite);
    expect(await changes(afterWrite)).toEqual([]);

    // New text on one page of two updated: that page, at the next version.
    await sql`update resource_page set body = case when id = ${two} then 'bellman ford negative cycles' else body end where id in (${one}, ${two})`.execute(t.db.kysely);
    expect(await version()).toBe(afterWrite + 1);
    expect(await changes(afterWrite)).toEqual([[1, two]]);

    // A delete logs every page it removed.
    const res = await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const deleted = await changes(afterWrite + 1);
    expect(deleted.map(([, page]) => page!).sort((a, b) => a - b)).toEqual([zero!, one!, two!].sort((a, b) => a - b));
    expect(new Set(deleted.map(([v]) => v)).size).toBe(1);
  });
});

