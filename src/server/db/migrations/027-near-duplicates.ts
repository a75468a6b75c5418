import type { Kysely } from 'kysely';

/**
 * Near-duplicate papers (issue 35, decision 047): pairs of resources whose first pages' text is
 * nearly the same, flagged after processing (scans, whose text only OCR knows, and uploads whose
 * uploader chose "Upload anyway"). `resource_a` < `resource_b`, so a pair is one row whichever
 * was processed last. `status`: 'flagged' until an admin dismisses it ('dismissed', kept so
 * reprocessing does not flag it again) or merges it (then the row goes with the merged resource).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('near_duplicate_pair')
    .addColumn('resource_a', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('resource_b', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('flagged_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('near_duplicate_pair_pk', ['resource_a', 'resource_b'])
    .execute();
  await db.schema.createIndex('near_duplicate_pair_b').on('near_duplicate_pair').column('resource_b').execute();
  await db.schema.createIndex('near_duplicate_pair_status').on('near_duplicate_pair').columns(['status', 'flagged_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('near_duplicate_pair').execute();
}
