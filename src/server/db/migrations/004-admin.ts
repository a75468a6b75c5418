import type { Kysely } from 'kysely';
import { autoIncrementId, type MigrationContext } from '../migration-helpers.js';

/**
 * The admin dashboard: an append-only audit log of what administrators did, and indexes that
 * keep the user list fast at 50,000 users. The audit log keeps the actor's name beside the id
 * (and no foreign key), so an entry stays readable after either account is deleted.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await autoIncrementId(db.schema.createTable('audit_log'), ctx.dialect)
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();

  // The dashboard lists users by name (then id, so pages are stable) within a role and a branch.
  await db.schema.createIndex('user_name_id').on('user').columns(['name', 'id']).execute();
  await db.schema.createIndex('user_role_name').on('user').columns(['role', 'name', 'id']).execute();
  await db.schema.createIndex('user_branch_name').on('user').columns(['branch', 'name', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_branch_name').execute();
  await db.schema.dropIndex('user_role_name').execute();
  await db.schema.dropIndex('user_name_id').execute();
  await db.schema.dropTable('audit_log').execute();
}
