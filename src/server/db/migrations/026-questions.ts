import type { Kysely } from 'kysely';

/**
 * The question bank (issue 35): processing splits each past paper and practical file into its
 * questions (one row a leaf: "Q3(a)"), and questions of one subject that ask the same thing share
 * a `group_key`, so a subject page can say "asked 4 times". `subject_key` is the resource's
 * subject as grouping compares it (aliases resolved, case folded); `signature` the question's
 * MinHash signature (docs/decisions/045-repeated-questions.md), kept so a new paper is compared
 * with the subject's questions without reading their text. `regions` is JSON: where the question
 * stands on each page it covers. Rows go with their resource (cascade) and are replaced whenever
 * processing writes the resource's text.
 *
 * `question_grouping` holds the choices admins and CRs make by hand (these two are the same
 * question / are not), by resource and label, so they survive the rows being written again.
 * `resource.question_split` says how splitting went: null (not tried: another type, or not
 * processed since this migration; `reindex` splits them), 'split', or 'none' (no numbering found).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(16)', (c) => c.notNull())
    .addColumn('part', 'varchar(32)')
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('stem', 'text')
    .addColumn('marks', 'integer')
    .addColumn('section', 'varchar(120)')
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('regions', 'text', (c) => c.notNull())
    .addColumn('alternative_to', 'varchar(64)')
    .addColumn('subject_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('group_key', 'varchar(36)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_resource').on('question').columns(['resource_id', 'position']).execute();
  await db.schema.createIndex('question_subject_group').on('question').columns(['subject_key', 'group_key']).execute();
  await db.schema
    .createTable('question_grouping')
    .addColumn('subject_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('resource_a', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('label_a', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource_b', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('label_b', 'varchar(64)', (c) => c.notNull())
    .addColumn('same', 'integer', (c) => c.notNull())
    .addColumn('made_by', 'varchar(36)')
    .addColumn('made_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_grouping_pk', ['resource_a', 'label_a', 'resource_b', 'label_b'])
    .execute();
  await db.schema.createIndex('question_grouping_subject').on('question_grouping').column('subject_key').execute();
  await db.schema.alterTable('resource').addColumn('question_split', 'varchar(10)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource').dropColumn('question_split').execute();
  await db.schema.dropTable('question_grouping').execute();
  await db.schema.dropTable('question').execute();
}
