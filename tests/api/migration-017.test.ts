import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** The ids of one browse page in each order, as ResourceRepository.pageIds asks for them. */
const PAGE_QUERIES = [
  `select id from resource order by created_at desc, id desc limit 12 offset 24000`,
  `select id from resource order by downloads desc, created_at desc, id desc limit 12 offset 24000`,
  `select id from resource where branch = 'cse' order by created_at desc, id desc limit 12 offset 4000`,
  `select id from resource where branch = 'cse' order by downloads desc, created_at desc, id desc limit 12 offset 4000`,
  `select id from resource where branch = 'cse' and semester = 3 order by created_at desc, id desc limit 12 offset 500`,
  `select id from resource where branch = 'cse' and semester = 3 order by downloads desc, created_at desc, id desc limit 12 offset 500`,
];

/** Migration 017 ends the browse-order indexes with id, so a deep page walks only the index. */
describe(`migration 017: browse pages read from the index alone (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
  });
  afterAll(async () => {
    await cleanup();
  });

  /** SQLite: each query's plan; PostgreSQL: the definitions of the resource table's indexes. */
  async function plans(): Promise<string[]> {
    if (db.dialect === 'sqlite') {
      const out: string[] = [];
      for (const text of PAGE_QUERIES) {
        const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(text)}`.execute(db.kysely);
        out.push(rows.map((r) => r.detail).join('; '));
      }
      return out;
    }
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'resource' and indexname in
      ('resource_branch_sem_created', 'resource_branch_sem_downloads', 'resource_branch_created', 'resource_branch_downloads',
       'resource_created', 'resource_downloads') order by indexname`.execute(db.kysely);
    return rows.map((r) => r.indexdef);
  }

  it('up: every order is answered by a covering index without sorting; down restores the old indexes', async () => {
    await migrateTo(db, '016-drop-resource-word');
    const before = await plans();
    expect(await migrateToLatest(db)).toContain('017-page-order-indexes');
    const after = await plans();
    if (db.dialect === 'sqlite') {
      for (const plan of before) expect(plan).toMatch(/TEMP B-TREE/);
      for (const plan of after) {
        expect(plan).toMatch(/USING COVERING INDEX resource_/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    } else {
      expect(after).toHaveLength(6);
      for (const definition of before) expect(definition).not.toMatch(/, id\)$/);
      for (const definition of after) expect(definition).toMatch(/, id\)$/);
    }
    await migrateTo(db, '016-drop-resource-word');
    expect(await plans()).toEqual(before);
    await migrateToLatest(db);
    expect(await plans()).toEqual(after);
  });
});
