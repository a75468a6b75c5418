import type { Kysely } from 'kysely';

/**
 * The term moves on (issue 34, decision 040): the term in which the user last settled their
 * semester ("2026-07", named by the month it began), by sign-up, a saved profile or an answer to
 * the home page's "you are now in semester N?". Null for accounts made before: they are asked at
 * the first term their batch and stored semester disagree. A column of better-auth's user table,
 * camelCase like its others; better-auth neither reads nor drops it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('semesterConfirmedTerm', 'varchar(7)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('semesterConfirmedTerm').execute();
}
