import type { Kysely } from 'kysely';

/**
 * One row per user, resource and day that user asked for the file (issue 12): the download count
 * goes up only when the row is new, so repeating the call cannot inflate it. Rows go with their
 * resource or user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resource_download')
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_download_pk', ['resource_id', 'user_id', 'day'])
    .execute();
  // Deleting a user finds their rows without scanning the table.
  await db.schema.createIndex('resource_download_user').on('resource_download').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_download').execute();
}
