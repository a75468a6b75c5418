import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The search index version (what remembered search answers are checked against) becomes a
 * counter that every change to `resource_page` moves, by triggers, in the writing transaction.
 * It was `max(resource_page.id)`: on PostgreSQL two instances processing at once can commit a page
 * whose id is below one committed earlier, which left the maximum where it was, and a search
 * remembered meanwhile missed that page's text until its expiry; a page-0 rewrite in place (a
 * title edit) did not move it either. Deleted pages move it too. Every insert, update of text and
 * delete is covered, whoever runs it (the server, the CLI, a script writing straight into the
 * database); a TRUNCATE is not.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('search_index_version').addColumn('v', 'bigint', (c) => c.notNull()).execute();
  // Starting past every version the old rule gave, so a server running across the upgrade (or a
  // down and up) never meets a version it already saw.
  await sql`insert into search_index_version (v) select coalesce(max(id), 0) + 1 from resource_page`.execute(db);
  if (ctx.dialect === 'postgres') {
    await createPostgresVersionTrigger(db);
  } else {
    await createSqliteVersionTriggers(db);
  }
}

/** SQLite's triggers (put back by migration 021's down()): row triggers only, one writer at a time. */
export async function createSqliteVersionTriggers(db: Kysely<any>): Promise<void> {
  for (const [name, event] of [
    ['resource_page_version_insert', 'insert'],
    ['resource_page_version_update', 'update of body'],
    ['resource_page_version_delete', 'delete'],
  ]) {
    await sql.raw(`create trigger ${name} after ${event} on resource_page begin update search_index_version set v = v + 1; end`).execute(db);
  }
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`drop trigger resource_page_moves_search_index on resource_page`.execute(db);
    await sql`drop function search_index_moved()`.execute(db);
  } else {
    for (const name of ['resource_page_version_insert', 'resource_page_version_update', 'resource_page_version_delete']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('search_index_version').execute();
}

/**
 * PostgreSQL's trigger (put back by migration 019's down()): once per statement, so replacing a
 * resource's 300 pages moves the version once, not 300 times.
 */
export async function createPostgresVersionTrigger(db: Kysely<any>): Promise<void> {
  await sql`
    create function search_index_moved() returns trigger language plpgsql as $$
    begin
      update search_index_version set v = v + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger resource_page_moves_search_index after insert or update of body or delete on resource_page
    for each statement execute function search_index_moved()`.execute(db);
}
