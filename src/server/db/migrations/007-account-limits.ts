import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type MigrationContext } from '../migration-helpers.js';

/**
 * Abuse limits and CR seats taken at verification (issue 12).
 *
 * - `rate_limit_bucket`: one row per limited key (a login account or client address, a mail
 *   address or client address) holding a fixed window's start and its hits. One upsert both
 *   counts and refuses, so parallel requests and several instances cannot overshoot a limit.
 *   It replaces `login_failure`, which was read before and written after the password check.
 * - `class_rep_claim`: a CR sign-up waiting for its e-mail verification; the seat is taken then.
 *   Existing unverified accounts holding a seat give it back and wait the same way.
 */
export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rate_limit_bucket')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_bucket_window').on('rate_limit_bucket').column('window_start_ms').execute();

  await db.schema
    .createTable('class_rep_claim')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const unverifiedWithSeat = await db
    .selectFrom('class_rep_seat')
    .innerJoin('user', 'user.id', 'class_rep_seat.user_id')
    .select(['user.id as id'])
    .where(sql<boolean>`${sql.ref('user.emailVerified')} = ${sql.lit(false)}`)
    .execute();
  const now = new Date().toISOString();
  for (const { id } of unverifiedWithSeat) {
    await db.insertInto('class_rep_claim').values({ user_id: id, created_at: now }).execute();
    await db.deleteFrom('class_rep_seat').where('user_id', '=', id).execute();
    await db.updateTable('user').set({ role: 'STUDENT' }).where('id', '=', id).execute();
  }

  await db.schema.dropTable('login_failure').execute();
}

export async function down(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await autoIncrementId(db.schema.createTable('login_failure'), ctx.dialect)
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_key_at').on('login_failure').columns(['key', 'at_ms']).execute();
  await db.schema.dropTable('class_rep_claim').execute();
  await db.schema.dropTable('rate_limit_bucket').execute();
}
