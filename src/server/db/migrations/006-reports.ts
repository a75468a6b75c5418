import type { Kysely } from 'kysely';

/**
 * Issue reports (issue 6). The optional screenshot lives in the FileStore under
 * `screenshot_key`; its content type is the one sniffed from its bytes, never the browser's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('issue_report')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('issue_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority', 'varchar(10)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('screenshot_key', 'varchar(200)', (c) => c.unique())
    .addColumn('screenshot_type', 'varchar(32)')
    .addColumn('screenshot_size', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issue_report_reporter').on('issue_report').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createIndex('issue_report_status').on('issue_report').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('issue_report_created').on('issue_report').columns(['created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('issue_report').execute();
}
