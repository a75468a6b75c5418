import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The resource library. `sha256` is unique so two parallel uploads of the same file cannot both
 * land; `search_text` holds the subject's words for the free-text box. Indexes follow the
 * filter form: branch and semester narrow first, then newest first or most downloaded.
 */
export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('resource')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('search_text', 'varchar(200)', (c) => c.notNull())
    .addColumn('semester', 'integer', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('course', 'varchar(16)', (c) => c.notNull())
    .addColumn('branch', 'varchar(16)', (c) => c.notNull().references('branch.id'))
    .addColumn('academic_year', 'varchar(7)', (c) => c.notNull())
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_size_mb', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resource_branch_sem_created').on('resource').columns(['branch', 'semester', 'created_at']).execute();
  await db.schema.createIndex('resource_branch_created').on('resource').columns(['branch', 'created_at']).execute();
  await db.schema.createIndex('resource_created').on('resource').columns(['created_at']).execute();
  await db.schema.createIndex('resource_downloads').on('resource').columns(['downloads']).execute();
  await db.schema.createIndex('resource_uploaded_by').on('resource').columns(['uploaded_by']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource').execute();
}
