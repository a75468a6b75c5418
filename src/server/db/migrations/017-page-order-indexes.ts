import type { Kysely } from 'kysely';
import { RESOURCE_BROWSE_INDEXES } from './003-resources.js';

/**
 * The browse orders (newest, most downloaded) end with `id`, the tie-breaker, and a page is read
 * as the ids of its rows (resource.repository.ts pageIds). Migration 003's indexes stopped at
 * `created_at`, so every row an OFFSET skipped was a table lookup and ties were sorted anew:
 * page 2,000 of 100,000 resources walked 24,000 rows of the table. With `id` last the index alone
 * answers (SQLite: a covering index; PostgreSQL: an index-only scan), in the order asked for.
 */
async function replace(db: Kysely<any>, columnsOf: (columns: string[]) => string[]): Promise<void> {
  for (const [name, columns] of Object.entries(RESOURCE_BROWSE_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('resource').columns(columnsOf(columns)).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replace(db, (columns) => [...columns, 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replace(db, (columns) => columns);
}
