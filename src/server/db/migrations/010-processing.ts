import { sql, type Kysely } from 'kysely';
import { COMMON_SUBJECT_ALIASES, pageZeroText, subjectAcronym } from '../../../shared/search.js';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Search inside the papers (issue 13, docs/decisions/014-processing-pipeline.md).
 *
 * - `processing_job`: one row per resource, the durable queue that drives text extraction, OCR,
 *   the thumbnail and the index after an upload. Claimed with a lease (`locked_until`), with
 *   SKIP LOCKED on PostgreSQL, like the mail queue.
 * - `resource_page`: the searchable text of a resource, one row per page. Page 0 holds what the
 *   uploader typed (subject, file name) and is written with the resource itself, so a new upload
 *   is found by its subject at once; pages 1..N come from processing.
 * - The full-text index over `resource_page.body`: FTS5 (porter stemmer, unicode61) kept by
 *   triggers on SQLite; a generated tsvector with a GIN index on PostgreSQL.
 * - `search_term`: every distinct word indexed, so a one-letter typo can be corrected by looking
 *   up its edit-distance-1 variants (the same on both databases).
 * - `subject_alias`: abbreviations students type (DSA, OS, DBMS), editable by admins; seeded with
 *   the catalogue's acronyms.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const postgres = ctx.dialect === 'postgres';

  await db.schema
    .alterTable('resource')
    .addColumn('scanned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('resource').addColumn('thumbnail_key', 'varchar(200)').execute();
  await db.schema.alterTable('resource').addColumn('thumbnail_type', 'varchar(20)').execute();

  await db.schema
    .createTable('processing_job')
    .addColumn('resource_id', 'varchar(36)', (c) => c.primaryKey().references('resource.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('processing_job_due').on('processing_job').columns(['status', 'next_attempt_at']).execute();

  if (postgres) {
    await sql`
      create table resource_page (
        id bigserial primary key,
        resource_id varchar(36) not null references resource(id) on delete cascade,
        page integer not null,
        body text not null,
        ocr integer not null default 0,
        tsv tsvector generated always as (to_tsvector('english', body)) stored,
        constraint resource_page_unique unique (resource_id, page)
      )`.execute(db);
    await sql`create index resource_page_tsv on resource_page using gin (tsv)`.execute(db);
  } else {
    await sql`
      create table resource_page (
        id integer primary key autoincrement,
        resource_id varchar(36) not null references resource(id) on delete cascade,
        page integer not null,
        body text not null,
        ocr integer not null default 0,
        constraint resource_page_unique unique (resource_id, page)
      )`.execute(db);
    await sql`
      create virtual table resource_page_fts using fts5(
        body, content='resource_page', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create trigger resource_page_fts_insert after insert on resource_page begin
        insert into resource_page_fts(rowid, body) values (new.id, new.body);
      end`.execute(db);
    await sql`
      create trigger resource_page_fts_delete after delete on resource_page begin
        insert into resource_page_fts(resource_page_fts, rowid, body) values ('delete', old.id, old.body);
      end`.execute(db);
    await sql`
      create trigger resource_page_fts_update after update of body on resource_page begin
        insert into resource_page_fts(resource_page_fts, rowid, body) values ('delete', old.id, old.body);
        insert into resource_page_fts(rowid, body) values (new.id, new.body);
      end`.execute(db);
  }

  await db.schema
    .createTable('search_term')
    .addColumn('term', 'varchar(60)', (c) => (postgres ? c.primaryKey().modifyFront(sql`collate "C"`) : c.primaryKey()))
    .execute();

  await db.schema
    .createTable('subject_alias')
    .addColumn('alias', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const subjects: Array<{ name: string }> = await db.selectFrom('subject').select('name').distinct().execute();
  const aliases = new Map<string, string>(Object.entries(COMMON_SUBJECT_ALIASES));
  for (const { name } of subjects) {
    const alias = subjectAcronym(name);
    if (alias && !aliases.has(alias)) aliases.set(alias, name);
  }
  if (aliases.size) {
    await db
      .insertInto('subject_alias')
      .values([...aliases].map(([alias, subject]) => ({ alias, subject, created_at: now })))
      .execute();
  }

  // Resources uploaded before this migration: their page 0 now, the rest by processing.
  const existing: Array<{ id: string; subject: string; original_name: string }> = await db
    .selectFrom('resource')
    .select(['id', 'subject', 'original_name'])
    .execute();
  for (let start = 0; start < existing.length; start += 500) {
    const batch = existing.slice(start, start + 500);
    await db
      .insertInto('resource_page')
      .values(batch.map((r) => ({ resource_id: r.id, page: 0, body: pageZeroText(r.subject, r.original_name), ocr: 0 })))
      .execute();
    await db
      .insertInto('processing_job')
      .values(batch.map((r) => ({ resource_id: r.id, status: 'pending', attempts: 0, next_attempt_at: now, pages_done: 0, created_at: now, updated_at: now })))
      .execute();
  }
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.dropTable('subject_alias').execute();
  await db.schema.dropTable('search_term').execute();
  if (ctx.dialect === 'sqlite') await sql`drop table resource_page_fts`.execute(db);
  await db.schema.dropTable('resource_page').execute();
  await db.schema.dropTable('processing_job').execute();
  await db.schema.alterTable('resource').dropColumn('thumbnail_type').execute();
  await db.schema.alterTable('resource').dropColumn('thumbnail_key').execute();
  await db.schema.alterTable('resource').dropColumn('scanned').execute();
}
