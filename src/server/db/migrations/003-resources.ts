import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The browse indexes as this migration made them (017 extends them with `id`). Exported so later
 * migrations name the same indexes; this migration's schema never changes once released.
 */
export const RESOURCE_BROWSE_INDEXES: Readonly<Record<string, string[]>> = {
  resource_branch_sem_created: ['branch', 'semester', 'created_at'],
  resource_branch_sem_downloads: ['branch', 'semester', 'downloads', 'created_at'],
  resource_branch_created: ['branch', 'created_at'],
  resource_branch_downloads: ['branch', 'downloads', 'created_at'],
  resource_created: ['created_at'],
  resource_downloads: ['downloads', 'created_at'],
};

/** `resource_word` and its index, as this migration made them (016 drops them; its down remakes them). */
export async function createResourceWordTable(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('resource_word')
    .addColumn('word', 'varchar(40)', (c) => (ctx.dialect === 'postgres' ? c.notNull().modifyFront(sql`collate "C"`) : c.notNull()))
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('resource_word_pk', ['word', 'resource_id'])
    .execute();
  await db.schema.createIndex('resource_word_resource').on('resource_word').columns(['resource_id', 'word']).execute();
}

/**
 * The resource library. `sha256` is unique so two parallel uploads of the same file cannot both
 * land. `resource_word` holds each subject's lower-case words for the free-text box: a word
 * prefix is an index range (`word >= 'dat' and word < 'dau'`), so search never scans the table.
 * Its `word` compares byte by byte on both databases (SQLite's default; "C" on PostgreSQL),
 * which is what makes that range exact. Indexes follow the filter form: branch and semester
 * narrow first, then newest first or most downloaded.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('resource')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
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
  const indexes: Record<string, string[]> = { ...RESOURCE_BROWSE_INDEXES, resource_uploaded_by: ['uploaded_by'] };
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema.createIndex(name).on('resource').columns(columns).execute();
  }
  await createResourceWordTable(db, ctx);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_word').execute();
  await db.schema.dropTable('resource').execute();
}
