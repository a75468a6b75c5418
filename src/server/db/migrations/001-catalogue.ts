import type { Kysely } from 'kysely';
import { DEFAULT_BRANCHES, DEFAULT_SUBJECTS } from '../../../shared/catalogue.js';
import { autoIncrementId, type MigrationContext } from '../migration-helpers.js';

/** Branches and the subject catalogue of SPEC.md §3, as data so they can be extended later. */
export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('branch')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await autoIncrementId(db.schema.createTable('subject'), ctx.dialect)
    .addColumn('branch_id', 'varchar(16)', (c) => c.notNull().references('branch.id').onDelete('cascade'))
    .addColumn('semester', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addUniqueConstraint('subject_branch_semester_name_unique', ['branch_id', 'semester', 'name'])
    .execute();

  await db
    .insertInto('branch')
    .values(
      DEFAULT_BRANCHES.map((b, index) => ({
        id: b.id,
        name: b.name,
        short_name: b.shortName,
        description: b.description,
        sort_order: index + 1,
      })),
    )
    .execute();

  await db
    .insertInto('subject')
    .values(DEFAULT_SUBJECTS.map((s) => ({ branch_id: s.branchId, semester: s.semester, name: s.name })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subject').execute();
  await db.schema.dropTable('branch').execute();
}
