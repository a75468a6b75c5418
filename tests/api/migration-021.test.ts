import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 021: the search index version and PostgreSQL's page change log go; down brings them back. */
describe(`migration 021: search without a change log (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await cleanup();
  });

  const tables = async () => new Set((await db.kysely.introspection.getTables()).map((table) => table.name));
  const version = async () => Number((await sql<{ v: string }>`select v from search_index_version`.execute(db.kysely)).rows[0]!.v);
  // PostgreSQL's statement triggers run even when no row changes: a trigger left without its function would fail here.
  const writeNoPage = () => sql`update resource_page set body = body where false`.execute(db.kysely);

  it('drops both tables and their triggers; down and up again', async () => {
    expect(await tables()).not.toContain('search_index_version');
    expect(await tables()).not.toContain('search_page_change');
    await writeNoPage();

    await migrateTo(db, '020-processing-ocr-passes');
    expect(await tables()).toContain('search_index_version');
    expect((await tables()).has('search_page_change')).toBe(testDialect === 'postgres');
    expect(await version()).toBeGreaterThan(0);
    await writeNoPage();

    await migrateToLatest(db);
    expect(await tables()).not.toContain('search_index_version');
    expect(await tables()).not.toContain('search_page_change');
    await writeNoPage();
  });
});
