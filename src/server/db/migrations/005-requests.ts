import { sql, type Kysely } from 'kysely';

/**
 * Resource requests (issue 6). One open request per class, subject and year: the partial unique
 * index makes a second student's identical request join the first as a supporter, even when both
 * arrive at once. The requester is a supporter too, so "who wants this" is one table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resource_request')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('course', 'varchar(16)', (c) => c.notNull())
    .addColumn('branch', 'varchar(16)', (c) => c.notNull().references('branch.id'))
    .addColumn('semester', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('subject_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('academic_year', 'varchar(7)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('resource_id', 'varchar(36)', (c) => c.references('resource.id').onDelete('set null'))
    .addColumn('decided_by_name', 'varchar(200)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resource_request_open_unique')
    .on('resource_request')
    .columns(['branch', 'semester', 'subject_key', 'academic_year'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('open'))
    .execute();
  await db.schema
    .createIndex('resource_request_class_status')
    .on('resource_request')
    .columns(['branch', 'semester', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('resource_request_status').on('resource_request').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('request_supporter')
    .addColumn('request_id', 'varchar(36)', (c) => c.notNull().references('resource_request.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_supporter_pk', ['request_id', 'user_id'])
    .execute();
  await db.schema.createIndex('request_supporter_user').on('request_supporter').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_supporter').execute();
  await db.schema.dropTable('resource_request').execute();
}
