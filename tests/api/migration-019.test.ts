import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 019: PostgreSQL logs the pages each search index version changed; it goes down and up again. */
describe(`migration 019: the search page change log (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await cleanup();
  });

  const hasLog = async () =>
    (await db.kysely.introspection.getTables()).some((table) => table.name === 'search_page_change');
  const version = async () => Number((await sql<{ v: string }>`select v from search_index_version`.execute(db.kysely)).rows[0]!.v);

  it('exists on PostgreSQL only; down restores the version trigger of migration 018, up the log', async () => {
    expect(await hasLog()).toBe(testDialect === 'postgres');
    if (testDialect !== 'postgres') return;
    await migrateTo(db, '018-search-index-version');
    expect(await hasLog()).toBe(false);
    // Migration 018's trigger again: once per statement, whatever it changed.
    const before = await version();
    await sql`update resource_page set body = body where false`.execute(db.kysely);
    expect(await version()).toBe(before + 1);
    await migrateToLatest(db);
    expect(await hasLog()).toBe(true);
    await sql`update resource_page set body = body where false`.execute(db.kysely);
    expect(await version()).toBe(before + 1);
  });
});
