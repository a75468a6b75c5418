import type { Kysely } from 'kysely';

/**
 * "My shelf" (issue 14): the resources a user saved, one row each. Saving twice is the same row
 * (primary key), and rows go with their resource or their user (cascade), so a deleted file
 * simply leaves everyone's shelf. The shelf lists newest saved first: (user_id, saved_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shelf_item')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('shelf_item_pk', ['user_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('shelf_item_user_saved').on('shelf_item').columns(['user_id', 'saved_at']).execute();
  // Deleting a resource finds its rows without scanning the table.
  await db.schema.createIndex('shelf_item_resource').on('shelf_item').columns(['resource_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shelf_item').execute();
}
