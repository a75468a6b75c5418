import type { Kysely } from 'kysely';
import { inferExam } from '../../../shared/exam-inference.js';

/**
 * A past paper's exam and when it was sat (issue 34): "Latest" sorts by them, the list filters by
 * exam, cards read "End-sem · Dec 2024". Existing PYQs get what their title and file name say
 * ("DBS mid2 2017 s": Mid-sem 2, 2017), with the default exam names; the rest stay null, shown
 * as "exam not set" to their uploader and admins. Rows are read and updated here in code, the
 * same on both dialects; a library has thousands of rows, not millions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource').addColumn('exam', 'varchar(40)').execute();
  await db.schema.alterTable('resource').addColumn('exam_month', 'integer').execute();
  await db.schema.alterTable('resource').addColumn('exam_year', 'integer').execute();
  await db.schema.createIndex('resource_exam').on('resource').columns(['exam', 'exam_year']).execute();
  const rows: Array<{ id: string; title: string; original_name: string }> = await db
    .selectFrom('resource')
    .select(['id', 'title', 'original_name'])
    .where('resource_type', '=', 'PYQ')
    .execute();
  // Papers of years the calendar has not reached are misreadings (a roll number, a page count).
  const years = { min: 1990, max: new Date().getUTCFullYear() };
  for (const row of rows) {
    const fromTitle = inferExam(row.title, years);
    const fromName = inferExam(row.original_name, years);
    const exam = fromTitle.exam ?? fromName.exam;
    const dated = fromTitle.examYear ? fromTitle : fromName;
    if (!exam && !dated.examYear) continue;
    await db
      .updateTable('resource')
      .set({ exam, exam_month: dated.examMonth, exam_year: dated.examYear })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('resource_exam').execute();
  for (const column of ['exam_year', 'exam_month', 'exam']) {
    await db.schema.alterTable('resource').dropColumn(column).execute();
  }
}
