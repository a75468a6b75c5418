import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * SQLite: a narrow index that maps a resource_page row id to its resource and page number, so a
 * full-text search maps tens of thousands of matching pages to their resources without reading
 * the page rows themselves, which carry the text (about 30% of a common word's query time,
 * docs/decisions/015). PostgreSQL reads the rows anyway for ts_rank: nothing to add there.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`create index resource_page_owner on resource_page (id, resource_id, page)`.execute(db);
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`drop index resource_page_owner`.execute(db);
}
