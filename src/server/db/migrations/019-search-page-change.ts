import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { createPostgresVersionTrigger } from './018-search-index-version.js';

/** Versions of the log kept: a remembered list further behind is read again in full. */
export const SEARCH_PAGE_CHANGES_KEPT = 10_000;

/**
 * PostgreSQL: which pages each search index version changed, so that a remembered list (a
 * phrase's ts_rank per page, a prefix's pages: phrase-lists.ts) is brought up to date from the
 * pages changed since, instead of read again in full (0.2-0.5 s of a connection each). Written
 * by the statement triggers that move the version (migration 018), after the counter's row lock:
 * versions follow commit order, so a reader that sees version v sees every change up to v. A
 * version moves only when some page's text changed (an update of another column, or of the text to
 * itself, no longer moves it), so every version in the log has rows. The triggers drop what lies
 * more than SEARCH_PAGE_CHANGES_KEPT versions back.
 *
 * Not on SQLite: FTS5's bm25 follows the whole index's statistics, so any change outdates every
 * phrase's scores, and FTS5 answers a prefix on a few pages at the cost of a pass over all its
 * matches; nothing there would read the log.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`create table search_page_change (v bigint not null, page_id bigint not null, primary key (v, page_id))`.execute(db);
  await sql`drop trigger resource_page_moves_search_index on resource_page`.execute(db);
  await sql`drop function search_index_moved()`.execute(db);
  // Transition tables cannot go on a trigger with a column list (`update of body`), so updates
  // compare the text themselves. Each branch names only its own trigger's transition tables.
  await sql.raw(`
    create function search_pages_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        with c as (select n.id from changed n join old_rows o on o.id = n.id where n.body is distinct from o.body),
          s as (update search_index_version set v = v + 1 where exists (select 1 from c) returning v),
          d as (delete from search_page_change where v <= (select v from s) - ${SEARCH_PAGE_CHANGES_KEPT})
        insert into search_page_change (v, page_id) select s.v, c.id from c, s;
      else
        with s as (update search_index_version set v = v + 1 where exists (select 1 from changed) returning v),
          d as (delete from search_page_change where v <= (select v from s) - ${SEARCH_PAGE_CHANGES_KEPT})
        insert into search_page_change (v, page_id) select s.v, c.id from changed c, s;
      end if;
      return null;
    end $$`).execute(db);
  await sql`create trigger resource_page_changes_insert after insert on resource_page
    referencing new table as changed for each statement execute function search_pages_changed()`.execute(db);
  await sql`create trigger resource_page_changes_update after update on resource_page
    referencing old table as old_rows new table as changed for each statement execute function search_pages_changed()`.execute(db);
  await sql`create trigger resource_page_changes_delete after delete on resource_page
    referencing old table as changed for each statement execute function search_pages_changed()`.execute(db);
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger resource_page_changes_${event} on resource_page`).execute(db);
  }
  await sql`drop function search_pages_changed()`.execute(db);
  await sql`drop table search_page_change`.execute(db);
  await createPostgresVersionTrigger(db);
}
