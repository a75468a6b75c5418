import type { Kysely } from 'kysely';
import { autoIncrementId, type MigrationContext } from '../migration-helpers.js';

/**
 * The durable mail queue (issue 12): requests insert a row and return; a delivery loop sends it
 * through SMTP with retries. Bodies are blanked once a mail is sent or given up, because they
 * hold verification and reset links.
 */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await autoIncrementId(db.schema.createTable('mail_outbox'), ctx.dialect)
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
