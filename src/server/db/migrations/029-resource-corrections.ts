import type { Kysely } from 'kysely';

/**
 * Suggested corrections of a resource (issue 36). `proposed` is the right value of the field
 * the kind names (year, subject or type), null for pages missing or a better scan. The queue
 * reads the resource's class through the join, so a correction follows an edited resource.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resource_correction')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('suggested_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('proposed', 'varchar(200)')
    .addColumn('note', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_by_name', 'varchar(200)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resource_correction_status').on('resource_correction').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('resource_correction_resource').on('resource_correction').columns(['resource_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_correction').execute();
}
