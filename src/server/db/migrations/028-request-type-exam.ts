import { sql, type Kysely } from 'kysely';

/**
 * A request says what is missing (issue 36): the resource type and, for a past paper, the exam.
 * '' means "any" (requests made before, and clients that do not say), not null, so the open-twin
 * index still treats two such requests as the same: NULLs are distinct in a unique index on both
 * databases. Notes and an end-sem paper of one subject are different requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource_request').addColumn('resource_type', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('resource_request').addColumn('exam', 'varchar(40)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.dropIndex('resource_request_open_unique').execute();
  await db.schema
    .createIndex('resource_request_open_unique')
    .on('resource_request')
    .columns(['branch', 'semester', 'subject_key', 'academic_year', 'resource_type', 'exam'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('open'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('resource_request_open_unique').execute();
  // Fails while two open requests differ only by type or exam: the old index cannot hold them.
  await db.schema
    .createIndex('resource_request_open_unique')
    .on('resource_request')
    .columns(['branch', 'semester', 'subject_key', 'academic_year'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('open'))
    .execute();
  await db.schema.alterTable('resource_request').dropColumn('exam').execute();
  await db.schema.alterTable('resource_request').dropColumn('resource_type').execute();
}
