import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 016 drops resource_word, written at upload and read nowhere; resources stay. */
describe(`migration 016 drops resource_word (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
  });
  afterAll(async () => {
    await cleanup();
  });

  const tableNames = async () => (await db.kysely.introspection.getTables()).map((table) => table.name);

  it('drops the table and its rows from a library uploaded before it, keeping the resources; down brings it back empty', async () => {
    await migrateTo(db, '015-cjk-page-text');
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('resource')
      .values({
        id: 'r1', file_key: 'resources/r1.pdf', file_name: 'r1.pdf', original_name: 'r1.pdf', subject: 'Data Structures', semester: 3,
        resource_type: 'NOTES', course: 'btech', branch: 'cse', academic_year: '2024-25', file_size_mb: 1, size_bytes: 100,
        sha256: 'a'.repeat(64), page_count: 1, uploaded_by: null, created_at: now, updated_at: now, title: 'DS notes',
      })
      .execute();
    // Written through an untyped handle: the table is no longer in the schema types.
    const untyped = db.kysely.withTables<{ resource_word: { word: string; resource_id: string } }>();
    await untyped.insertInto('resource_word').values([{ word: 'data', resource_id: 'r1' }, { word: 'structures', resource_id: 'r1' }]).execute();
    expect(await tableNames()).toContain('resource_word');

    expect(await migrateToLatest(db)).toContain('016-drop-resource-word');
    expect(await tableNames()).not.toContain('resource_word');
    expect(await db.kysely.selectFrom('resource').select(['id', 'subject', 'title']).execute()).toEqual([{ id: 'r1', subject: 'Data Structures', title: 'DS notes' }]);

    await migrateTo(db, '015-cjk-page-text');
    expect(await tableNames()).toContain('resource_word');
    expect(await untyped.selectFrom('resource_word').selectAll().execute()).toEqual([]);
    await migrateToLatest(db);
    expect(await tableNames()).not.toContain('resource_word');
  });
});
