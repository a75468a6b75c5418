import type { Kysely } from 'kysely';
import { autoIncrementId, type MigrationContext } from '../migration-helpers.js';

/**
 * Our account tables beside better-auth's: CR seats (the per-class cap, made atomic by the
 * primary key), admin-access requests, and failed logins for throttling.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('class_rep_seat')
    .addColumn('branch_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('semester', 'integer', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_rep_seat_pk', ['branch_id', 'semester', 'seat'])
    .execute();

  await autoIncrementId(db.schema.createTable('admin_access_request'), ctx.dialect)
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'text')
    .execute();

  await autoIncrementId(db.schema.createTable('login_failure'), ctx.dialect)
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_key_at').on('login_failure').columns(['key', 'at_ms']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failure').execute();
  await db.schema.dropTable('admin_access_request').execute();
  await db.schema.dropTable('class_rep_seat').execute();
}
