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
});
