import type { Kysely } from 'kysely';
import { createResourceWordTable } from './003-resources.js';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * `resource_word` (migration 003: each subject's words, for the first free-text box) has been
 * written at upload and read nowhere since search moved to the full-text index of page text
 * (migration 010; page 0 holds the subject, file name and title). Dropped with its index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_word').ifExists().execute();
}

/**
 * The table as migration 003 made it, empty: the code before this migration only ever wrote it,
 * so nothing it does needs the words of the resources uploaded in between.
 */
export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await createResourceWordTable(db, ctx);
}
