import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { EXAM_MESSAGES } from '../../src/shared/exam-fields.js';
import { emptyTestDbPerSuite } from './helpers/test-database.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Listed = { title: string; exam: string | null; examMonth: number | null; examYear: number | null; examNotSet?: boolean };

/** Issue 34: a past paper carries its exam, month and year; "Latest" sorts by them; the list filters by exam. */
describe(`exams of past papers (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let otherCr: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp({ FIRST_ACADEMIC_YEAR: '2015' });
    [cr, otherCr, admin, student] = [await signedIn(t, 'CR'), await signedIn(t, 'CR'), await signedIn(t, 'ADMIN'), await signedIn(t, 'STUDENT')];
  });
  afterAll(async () => {
    await t.close();
  });

  const paper = (fields: Record<string, string>, as = cr) =>
    upload(t, as.cookie, { fields: { resourceType: 'PYQ', subject: 'Operating Systems', ...fields } });
  const list = async (query: string, as = student) => {
    const res = await t.api.get(`/api/resources?${query}`, { as: as.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resources as Listed[];
  };

  it('saves a paper\'s exam, month and year and returns them; a 2018-19 paper is accepted; other types keep none', async () => {
    const res = await paper({ academicYear: '2018-19', exam: 'End-sem', examMonth: '12', examYear: '2018', title: 'OS end sem 2018' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource).toMatchObject({ academicYear: '2018-19', exam: 'End-sem', examMonth: 12, examYear: 2018 });
    const read = await t.api.get(`/api/resources/${res.json().resource.id}`, { as: student.cookie });
    expect(read.json().resource).toMatchObject({ exam: 'End-sem', examMonth: 12, examYear: 2018 });

    const notes = await upload(t, cr.cookie, { fields: { resourceType: 'NOTES', subject: 'Notes with exam', exam: 'Quiz', examMonth: '3', examYear: '2020' } });
    expect(notes.statusCode, notes.body).toBe(201);
    expect(notes.json().resource).toMatchObject({ exam: null, examMonth: null, examYear: null });
  });

  it('refuses an exam not configured, a month outside 1-12, a year outside first..now, and a month without its year', async () => {
    const now = new Date().getUTCFullYear();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ exam: 'Viva' }, 'exam', EXAM_MESSAGES.exam],
      [{ examMonth: '13', examYear: '2020' }, 'examMonth', EXAM_MESSAGES.month],
      [{ examMonth: 'Dec', examYear: '2020' }, 'examMonth', EXAM_MESSAGES.month],
      [{ examYear: '2014' }, 'examYear', EXAM_MESSAGES.year(2015, now)],
      [{ examYear: String(now + 1) }, 'examYear', EXAM_MESSAGES.year(2015, now)],
      [{ examMonth: '5' }, 'examYear', EXAM_MESSAGES.yearWithMonth],
    ];
    for (const [fields, field, message] of cases) {
      const res = await paper({ ...fields, subject: `Refused ${field}` });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect((await list('q=refused')).length).toBe(0);
  });

  it('filters by exam and sorts "latest" by exam date, then academic year, then upload time, in browse and search', async () => {
    const subject = 'Compiler Design';
    const ids: Record<string, string> = {};
    // Uploaded oldest paper last: "newest" puts it first, "latest" last.
    for (const [name, fields] of [
      ['may24', { exam: 'End-sem', examMonth: '5', examYear: '2024', academicYear: '2023-24' }],
      ['undated', { exam: 'Quiz', academicYear: '2024-25' }],
      ['dec24', { exam: 'End-sem', examMonth: '12', examYear: '2024', academicYear: '2024-25' }],
      ['y2024', { exam: 'Mid-sem 1', examYear: '2024', academicYear: '2024-25' }],
      ['dec18', { exam: 'End-sem', examMonth: '12', examYear: '2018', academicYear: '2018-19' }],
    ] as const) {
      const res = await paper({ ...fields, subject, title: `Compilers paper ${name}` });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().resource.id;
    }
    const titles = (rows: Listed[]) => rows.map((r) => r.title.replace('Compilers paper ', ''));
    const base = `branch=cse&semester=3&resourceType=PYQ`;
    // A year without its month comes after that year's dated papers; papers without a date last.
    expect(titles(await list(`${base}&q=compilers&sort=latest`))).toEqual(['dec24', 'may24', 'y2024', 'dec18', 'undated']);
    expect(titles(await list(`${base}&q=compilers&sort=newest`))).toEqual(['dec18', 'y2024', 'dec24', 'undated', 'may24']);
    expect(titles(await list(`${base}&q=compilers&exam=End-sem&sort=latest`))).toEqual(['dec24', 'may24', 'dec18']);

    const browsed = titles(await list(`${base}&sort=latest&pageSize=50`)).filter((title) => !title.includes(' '));
    expect(browsed).toEqual(['dec24', 'may24', 'y2024', 'dec18', 'undated']);
    const endSem = await list(`${base}&exam=End-sem&pageSize=50`);
    expect(endSem.every((r) => r.exam === 'End-sem')).toBe(true);
    expect(titles(endSem)).toEqual(expect.arrayContaining(['dec24', 'may24', 'dec18']));
    expect((await t.api.get(`/api/resources?exam=Quiz`, { as: student.cookie })).json().total).toBe(1);
  });

  it('says "exam not set" only to the uploader and admins', async () => {
    const res = await paper({ subject: 'Unset Exam Paper' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.examNotSet).toBe(true);
    const seen = async (as: typeof student) => (await list('q=unset%20exam%20paper', as))[0]?.examNotSet;
    // The same cached page, presented to each viewer.
    expect(await seen(student)).toBeUndefined();
    expect(await seen(otherCr)).toBeUndefined();
    expect(await seen(cr)).toBe(true);
    expect(await seen(admin)).toBe(true);
  });
});

describe(`migration 024 infers exams of papers uploaded before it (${testDialect})`, () => {
  const suite = emptyTestDbPerSuite();

  it('reads exam, month and year from titles and file names; leaves notes and unreadable papers null', async () => {
    const { db } = suite;
    await migrateTo(db, '023-page-images');
    const now = new Date().toISOString();
    const row = (id: string, resource_type: string, title: string, original_name: string) => ({
      id, file_key: `resources/${id}.pdf`, file_name: `${id}.pdf`, original_name, subject: 'Database Systems', semester: 4,
      resource_type, course: 'btech', branch: 'cse', academic_year: '2017-18', file_size_mb: 1, size_bytes: 100,
      sha256: id.padEnd(64, '0'), page_count: 1, uploaded_by: null, created_at: now, updated_at: now, title,
    });
    await db.kysely
      .withTables<{ resource: Record<string, unknown> }>()
      .insertInto('resource')
      .values([
        row('a1', 'PYQ', 'DBS mid2 2017 s', 'DBS mid2 2017 s.pdf'),
        row('a2', 'PYQ', 'Database paper', 'dbms_endsem_Dec-2024.pdf'),
        row('a3', 'PYQ', 'Supple May-2023', 'scan.pdf'),
        row('a4', 'PYQ', 'Database paper', 'scan0001.pdf'),
        row('a5', 'NOTES', 'Mid sem notes 2019', 'mid sem notes.pdf'),
      ])
      .execute();

    expect(await migrateToLatest(db)).toContain('024-exams');
    const rows = await db.kysely.selectFrom('resource').select(['id', 'exam', 'exam_month', 'exam_year']).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, exam_month: r.exam_month === null ? null : Number(r.exam_month), exam_year: r.exam_year === null ? null : Number(r.exam_year) }))).toEqual([
      { id: 'a1', exam: 'Mid-sem 2', exam_month: null, exam_year: 2017 },
      { id: 'a2', exam: 'End-sem', exam_month: 12, exam_year: 2024 },
      { id: 'a3', exam: 'Supplementary', exam_month: 5, exam_year: 2023 },
      { id: 'a4', exam: null, exam_month: null, exam_year: null },
      { id: 'a5', exam: null, exam_month: null, exam_year: null },
    ]);

    await migrateTo(db, '023-page-images');
    await migrateToLatest(db);
    expect(await db.kysely.selectFrom('resource').select('exam').where('id', '=', 'a2').executeTakeFirst()).toEqual({ exam: 'End-sem' });
  });
});
