import type { Kysely } from 'kysely';

/**
 * A large scan is OCR-read in passes of OCR_PAGES_PER_PASS pages (issue 32): `ocr_from_page` is
 * where the next pass starts, and `priority` 1 puts those later passes behind new uploads (0).
 * The due index leads with `priority`, the claim's first order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('processing_job').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('processing_job').addColumn('ocr_from_page', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.dropIndex('processing_job_due').execute();
  await db.schema.createIndex('processing_job_due').on('processing_job').columns(['status', 'priority', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('processing_job_due').execute();
  await db.schema.createIndex('processing_job_due').on('processing_job').columns(['status', 'next_attempt_at']).execute();
  await db.schema.alterTable('processing_job').dropColumn('ocr_from_page').execute();
  await db.schema.alterTable('processing_job').dropColumn('priority').execute();
}
