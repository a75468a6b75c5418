import type { Kysely } from 'kysely';
import { spaceCjk } from '../../../shared/search.js';
import type { MigrationContext } from '../migration-helpers.js';

/** Rows read at a time: a large library's text is never held whole. */
const BATCH = 500;

/**
 * Page text is now stored with a space between adjacent CJK characters (search-terms.ts
 * spaceCjk), so each is a word for both databases' tokenizers and a word inside a run of
 * Chinese or Japanese is found. Rewrites the pages written before; the FTS5 triggers and the
 * generated tsvector re-index each rewritten row by themselves.
 */
export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; body: string }> = await db
      .selectFrom('resource_page')
      .select(['id', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    for (const row of rows) {
      const spaced = spaceCjk(row.body);
      if (spaced !== row.body) await db.updateTable('resource_page').set({ body: spaced }).where('id', '=', row.id).execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Spaced text is still valid text for the earlier code (it only finds fewer CJK words). */
export async function down(): Promise<void> {}
