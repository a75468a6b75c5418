import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 015 on a library indexed before it: CJK runs become searchable inside. */
describe(`migration 015 on existing page text (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
  });
  afterAll(async () => {
    await cleanup();
  });

  /** Ids of pages whose text matches a CJK phrase, through the dialect's own full-text index. */
  const matching = async (phrase: string[]) => {
    const rows =
      db.dialect === 'postgres'
        ? await sql<{ id: number }>`select id from resource_page where tsv @@ to_tsquery('english', ${phrase.map((c) => `'${c}'`).join(' <-> ')}) order by id`.execute(db.kysely)
        : await sql<{ id: number }>`select rowid as id from resource_page_fts where resource_page_fts match ${`"${phrase.join(' ')}"`} order by rowid`.execute(db.kysely);
    return rows.rows.map((r) => Number(r.id));
  };

  it('spaces the CJK characters of pages written before, and the index finds words inside runs', async () => {
    await migrateTo(db, '011-search-page-owner');
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('resource')
      .values({
        id: 'r1', file_key: 'resources/r1.pdf', file_name: 'r1.pdf', original_name: 'r1.pdf', subject: 'Physics', semester: 1,
        resource_type: 'NOTES', course: 'btech', branch: 'cse', academic_year: '2024-25', file_size_mb: 1, size_bytes: 100,
        sha256: 'a'.repeat(64), page_count: 2, uploaded_by: null, created_at: now, updated_at: now,
      })
      .execute();
    await db.kysely
      .insertInto('resource_page')
      .values([
        { resource_id: 'r1', page: 1, body: '数据结构与算法是计算机科学的基础', ocr: 0 },
        { resource_id: 'r1', page: 2, body: 'Plain English text stays as it was.', ocr: 0 },
      ])
      .execute();
    expect(await matching(['结', '构'])).toEqual([]);

    expect(await migrateToLatest(db)).toContain('015-cjk-page-text');

    const pages = await db.kysely.selectFrom('resource_page').select(['page', 'body']).where('page', '>', 0).orderBy('page').execute();
    expect(pages).toEqual([
      { page: 1, body: '数 据 结 构 与 算 法 是 计 算 机 科 学 的 基 础' },
      { page: 2, body: 'Plain English text stays as it was.' },
    ]);
    expect(await matching(['结', '构'])).toHaveLength(1);
    expect(await matching(['构', '数'])).toEqual([]);
  });
});
