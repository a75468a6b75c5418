import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { OFFERED_YEARS, signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`editing a resource's fields (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let otherCr: Session;
  let admin: Session;
  let student: Session;

  beforeAll(async () => {
    t = await createTestApp();
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    otherCr = await signedIn(t, 'CR', 'Omar Rep', { branch: 'cse', semester: 3 });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
  });
  afterAll(() => t?.close());

  const patch = (id: string, cookie: string | undefined, payload: object) => t.api.patch(`/api/resources/${id}`, payload, { as: cookie });
  const row = (id: string) => t.db.kysely.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (id: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', id).orderBy('id').execute();
  const newNotes = async () => (await upload(t, cr.cookie)).json().resource as { id: string };
  const olderYear = OFFERED_YEARS[1]!;

  const everyField = {
    title: 'Operating Systems End-sem Dec 2023',
    subject: 'Operating Systems',
    branch: 'it',
    semester: 5,
    resourceType: 'PYQ',
    academicYear: olderYear,
    exam: 'End-sem',
    examMonth: 12,
    examYear: 2023,
  };

  it('lets the uploader change every field; the row, file name and search follow, and it is audited', async () => {
    const { id } = await newNotes();
    const res = await patch(id, cr.cookie, everyField);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({ ...everyField, id });
    const stored = await row(id);
    expect(stored).toMatchObject({ subject: 'Operating Systems', branch: 'it', semester: 5, resource_type: 'PYQ', academic_year: olderYear, exam: 'End-sem' });
    expect(Number(stored.exam_month)).toBe(12);
    expect(Number(stored.exam_year)).toBe(2023);
    expect(stored.file_name).toBe(`btech_it_${olderYear}_sem5_operating_systems_pyq.pdf`);

    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'resource.edit', actor_id: cr.user.id });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ subject: 'Data Structures', branch: 'cse', semester: 3, resourceType: 'NOTES', exam: null });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ subject: 'Operating Systems', branch: 'it', semester: 5, resourceType: 'PYQ', exam: 'End-sem' });

    // Filtering by the new class finds it, and the old one no longer does.
    const inIt = await t.api.get(`/api/resources?branch=it&semester=5&pageSize=50`, { as: student.cookie });
    expect((inIt.json().resources as Array<{ id: string }>).map((r) => r.id)).toContain(id);
    const inCse = await t.api.get(`/api/resources?branch=cse&semester=3&pageSize=50`, { as: student.cookie });
    expect((inCse.json().resources as Array<{ id: string }>).map((r) => r.id)).not.toContain(id);
    // Search matches the new subject (page 0 rewritten).
    const found = await t.api.get(`/api/resources?q=${encodeURIComponent('operating systems')}`, { as: student.cookie });
    expect((found.json().resources as Array<{ id: string }>).map((r) => r.id)).toContain(id);
  });

  it('puts the paper back in line for processing when its subject changes, so its questions regroup', async () => {
    const { id } = await newNotes();
    await t.db.kysely.updateTable('processing_job').set({ status: 'done' }).where('resource_id', '=', id).execute();
    expect((await patch(id, cr.cookie, { subject: 'Computer Networks' })).statusCode).toBe(200);
    const job = await t.db.kysely.selectFrom('processing_job').select('status').where('resource_id', '=', id).executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');
  });

  it('drops the exam when a paper becomes notes, and keeps it on a title-only change', async () => {
    const { id } = await newNotes();
    expect((await patch(id, cr.cookie, { resourceType: 'PYQ', exam: 'Mid-sem 1', examMonth: 3, examYear: 2024 })).statusCode).toBe(200);
    const retitled = await patch(id, cr.cookie, { title: 'Mid-sem paper' });
    expect(retitled.json().resource).toMatchObject({ title: 'Mid-sem paper', exam: 'Mid-sem 1', examMonth: 3, examYear: 2024 });
    const notes = await patch(id, cr.cookie, { resourceType: 'NOTES', exam: 'Mid-sem 1' });
    expect(notes.json().resource).toMatchObject({ resourceType: 'NOTES', exam: null, examMonth: null, examYear: null });
  });

  it('lets an admin edit any resource, audited', async () => {
    const { id } = await newNotes();
    const res = await patch(id, admin.cookie, { academicYear: olderYear, semester: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({ academicYear: olderYear, semester: 4 });
    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([['resource.edit', admin.user.id]]);
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ semester: 4, academicYear: olderYear });
  });

  it('refuses another CR (even of the same class), a student and the signed-out; nothing changes', async () => {
    const { id } = await newNotes();
    const before = await row(id);
    for (const someone of [otherCr, student]) {
      const refused = await patch(id, someone.cookie, { academicYear: olderYear });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(RESOURCE_MESSAGES.editForbidden);
    }
    expect((await patch(id, undefined, { academicYear: olderYear })).statusCode).toBe(401);
    expect(await row(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
  });

  it('checks each field as the upload does: a bad one is 400 and nothing changes', async () => {
    const { id } = await newNotes();
    const before = await row(id);
    const bad: object[] = [
      { semester: 9 },
      { resourceType: 'SLIDES' },
      { academicYear: '1999-00' },
      { subject: 'x' },
      { branch: 'nope' },
      { title: '   ' },
      { resourceType: 'PYQ', exam: 'Viva' },
      { resourceType: 'PYQ', examMonth: 5 },
      // A valid field beside a bad one changes nothing either.
      { subject: 'Operating Systems', semester: 0 },
    ];
    for (const body of bad) {
      const res = await patch(id, cr.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await row(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
    expect((await patch('00000000-0000-4000-8000-000000000000', admin.cookie, { semester: 4 })).statusCode).toBe(404);
  });
});
