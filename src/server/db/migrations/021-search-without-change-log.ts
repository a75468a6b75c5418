import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createPostgresVersionTrigger, createSqliteVersionTriggers } from './018-search-index-version.js';
import { up as createPageChangeLog } from './019-search-page-change.js';

/**
 * Search no longer remembers scores or pages between requests (decision 035), so nothing reads
 * the search index version (migration 018) or PostgreSQL's log of the pages each version changed
 * (migration 019). Their triggers ran in every transaction that wrote page text and serialized
 * those transactions on the counter's row: both go.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger resource_page_changes_${event} on resource_page`).execute(db);
    }
    await sql`drop function search_pages_changed()`.execute(db);
    await sql`drop table search_page_change`.execute(db);
  } else {
    for (const name of ['resource_page_version_insert', 'resource_page_version_update', 'resource_page_version_delete']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('search_index_version').execute();
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('search_index_version').addColumn('v', 'bigint', (c) => c.notNull()).execute();
  await sql`insert into search_index_version (v) select coalesce(max(id), 0) + 1 from resource_page`.execute(db);
  if (ctx.dialect === 'postgres') {
    // Migration 019 replaces 018's trigger with its own: put 018's back for it to replace.
    await createPostgresVersionTrigger(db);
    await createPageChangeLog(db, ctx);
  } else {
    await createSqliteVersionTriggers(db);
  }
}
