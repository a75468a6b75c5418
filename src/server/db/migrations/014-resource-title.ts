import type { Kysely } from 'kysely';
import { titleFromFileName } from '../../../shared/resource.js';

/**
 * A title for each resource (issue 14): what a card shows first, so two "DBMS Notes" of one class
 * are told apart. Existing rows get the title an upload now defaults to, from the uploader's file
 * name. Their page 0 (what search matches besides the text inside) already holds that name's
 * words, which is all such a title says, so the index is left as it is; a title changed later
 * rewrites page 0 (resource.repository.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('resource')
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows: Array<{ id: string; subject: string; original_name: string }> = await db
    .selectFrom('resource')
    .select(['id', 'subject', 'original_name'])
    .execute();
  for (const row of rows) {
    const title = titleFromFileName(row.original_name) || row.subject;
    await db.updateTable('resource').set({ title }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource').dropColumn('title').execute();
}
