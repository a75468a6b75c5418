import type { Kysely } from 'kysely';

/**
 * Why a correction was dismissed (issue 36): the dismisser may say, and the student reads it in
 * the mail and the queue shows it among the recently closed. Null when none was given.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource_correction').addColumn('decision_reason', 'text').execute();
  // The recently closed list orders by when they were decided.
  await db.schema.createIndex('resource_correction_decided').on('resource_correction').columns(['status', 'decided_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('resource_correction_decided').execute();
  await db.schema.alterTable('resource_correction').dropColumn('decision_reason').execute();
}
