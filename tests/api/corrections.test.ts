import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTIONS_PER_HOUR, CORRECTION_MESSAGES } from '../../src/shared/correction.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { OFFERED_YEARS, upload } from './helpers/resources.js';
import { member } from './helpers/requests.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Member = Awaited<ReturnType<typeof member>>;
const CSE3 = { branch: 'cse', semester: 3 };

describe(`suggested corrections (${testDialect})`, () => {
  let t: TestApp;
  let cr: Member;
  let otherClassCr: Member;
  let admin: Member;
  let student: Member;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    cr = await member(t, 'CR', CSE3, 'Chirag Rep');
    otherClassCr = await member(t, 'CR', { branch: 'it', semester: 5 }, 'Omar Rep');
    admin = await member(t, 'ADMIN', CSE3, 'Asha Admin');
    student = await member(t, 'STUDENT', CSE3, 'Sita Student');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const newResource = async () => (await upload(t, cr.cookie)).json().resource as { id: string; academicYear: string };
  const suggest = (id: string, as: Member | undefined, body: object) => t.api.post(`/api/resources/${id}/corrections`, body, { as: as?.cookie });
  const queue = async (as: Member, status = 'open') => {
    const res = await t.api.get(`/api/corrections?status=${status}`, { as: as.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().corrections as Array<{ id: string; kind: string; proposed: string | null; status: string; decidedByName: string | null; decisionReason: string | null; resource: { id: string } }>;
  };
  const rightYear = OFFERED_YEARS.find((year) => year !== '2024-25')!;

  it('lets any signed-in user suggest one, checked, and lists it to the class CR and admins only', async () => {
    const resource = await newResource();
    expect((await suggest(resource.id, undefined, { kind: 'wrong_year', academicYear: rightYear })).statusCode).toBe(401);
    const missing = await suggest(resource.id, student, { kind: 'wrong_year' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CORRECTION_MESSAGES.year);
    expect((await suggest(resource.id, student, { kind: 'upside_down' })).statusCode).toBe(400);
    expect((await suggest('00000000-0000-4000-8000-000000000000', student, { kind: 'pages_missing' })).statusCode).toBe(404);

    const res = await suggest(resource.id, student, { kind: 'wrong_year', academicYear: rightYear, note: 'The cover says it' });
    expect(res.statusCode, res.body).toBe(201);
    const { correction } = res.json();
    expect(correction).toMatchObject({ kind: 'wrong_year', proposed: rightYear, note: 'The cover says it', status: 'open', resource: { id: resource.id } });

    expect((await queue(cr)).map((c) => c.id)).toContain(correction.id);
    expect((await queue(admin)).map((c) => c.id)).toContain(correction.id);
    expect((await queue(otherClassCr)).map((c) => c.id)).not.toContain(correction.id);
    expect((await t.api.get('/api/corrections', { as: student.cookie })).statusCode).toBe(403);
    // Another class's CR can neither accept nor dismiss it: to them it does not exist.
    expect((await t.api.post(`/api/corrections/${correction.id}/accept`, {}, { as: otherClassCr.cookie })).statusCode).toBe(404);
    expect((await t.api.post(`/api/corrections/${correction.id}/dismiss`, {}, { as: otherClassCr.cookie })).statusCode).toBe(404);
    const row = await t.db.kysely.selectFrom('resource').select('academic_year').where('id', '=', resource.id).executeTakeFirstOrThrow();
    expect(row.academic_year).toBe(resource.academicYear);
  });

  it('accepting applies the change in one step, audits it and mails the student', async () => {
    const resource = await newResource();
    const { correction } = (await suggest(resource.id, student, { kind: 'wrong_year', academicYear: rightYear })).json();
    const accepted = await t.api.post(`/api/corrections/${correction.id}/accept`, {}, { as: cr.cookie });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().correction).toMatchObject({ status: 'accepted', decidedByName: 'Chirag Rep', resource: { academicYear: rightYear } });

    const shown = await t.api.get(`/api/resources/${resource.id}`, { as: student.cookie });
    expect(shown.json().resource.academicYear).toBe(rightYear);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', resource.id).orderBy('id').execute();
    expect(audit.map((e) => [e.action, e.actor_id])).toEqual([
      ['resource.edit', cr.user.id],
      ['correction.accept', cr.user.id],
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ academicYear: rightYear });
    // Queued for the student (the outbox drops a body once it is sent).
    const mails = await t.db.kysely.selectFrom('mail_outbox').select('subject').where('recipient', '=', student.email).execute();
    expect(mails.map((m) => m.subject)).toContain(`Your correction to ${shown.json().resource.title} was applied`);

    // Handled once: a second accept or a dismiss says so; it leaves the open queue.
    expect((await t.api.post(`/api/corrections/${correction.id}/accept`, {}, { as: admin.cookie })).statusCode).toBe(409);
    expect((await queue(cr)).map((c) => c.id)).not.toContain(correction.id);
    expect((await queue(cr, 'accepted')).map((c) => c.id)).toContain(correction.id);
  });

  it('applies a new subject or type too', async () => {
    const resource = await newResource();
    const subject = (await suggest(resource.id, student, { kind: 'wrong_subject', subject: 'Operating Systems' })).json().correction;
    expect((await t.api.post(`/api/corrections/${subject.id}/accept`, {}, { as: admin.cookie })).statusCode).toBe(200);
    const type = (await suggest(resource.id, student, { kind: 'wrong_type', resourceType: 'PRACTICAL' })).json().correction;
    expect((await t.api.post(`/api/corrections/${type.id}/accept`, {}, { as: cr.cookie })).statusCode).toBe(200);
    const shown = (await t.api.get(`/api/resources/${resource.id}`, { as: student.cookie })).json().resource;
    expect(shown).toMatchObject({ subject: 'Operating Systems', resourceType: 'PRACTICAL' });
  });

  it('dismissing closes it without a change and mails the student, with the reason if written', async () => {
    const resource = await newResource();
    const { correction } = (await suggest(resource.id, student, { kind: 'wrong_type', resourceType: 'PYQ' })).json();
    const tooLong = await t.api.post(`/api/corrections/${correction.id}/dismiss`, { reason: 'x'.repeat(501) }, { as: cr.cookie });
    expect(tooLong.statusCode).toBe(400);
    const dismissed = await t.api.post(`/api/corrections/${correction.id}/dismiss`, { reason: 'These are class notes, not a past paper' }, { as: cr.cookie });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().correction).toMatchObject({ status: 'dismissed', decisionReason: 'These are class notes, not a past paper' });
    const shown = (await t.api.get(`/api/resources/${resource.id}`, { as: student.cookie })).json().resource;
    expect(shown.resourceType).toBe('NOTES');
    expect((await queue(admin)).map((c) => c.id)).not.toContain(correction.id);
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('target_id', '=', resource.id).execute();
    expect(audit.map((e) => e.action)).toEqual(['correction.dismiss']);

    const mail = await sink.waitFor('dismissal mail', (m) => m.to.includes(student.email) && m.raw.includes('was not applied') && m.raw.includes(shown.title));
    expect(mail.raw).toContain('Chirag Rep');
    expect(mail.raw).toContain('These are class notes, not a past paper');

    // Without a reason the mail still goes, and says none.
    const other = (await suggest(resource.id, student, { kind: 'wrong_year', academicYear: rightYear })).json().correction;
    expect((await t.api.post(`/api/corrections/${other.id}/dismiss`, {}, { as: admin.cookie })).json().correction.decisionReason).toBeNull();
    const second = await sink.waitFor('second dismissal mail', (m) => m.to.includes(student.email) && m.raw.includes('was not applied') && m.raw.includes('Asha Admin'));
    expect(second.raw).not.toContain('Their reason');
  });

  it('lists the closed ones latest decided first, with who decided, and pages past the limit', async () => {
    const resource = await newResource();
    const someone = await member(t, 'STUDENT', CSE3);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await suggest(resource.id, someone, { kind: 'better_scan', note: `n${i}` })).json().correction.id);
    await t.api.post(`/api/corrections/${ids[0]}/dismiss`, { reason: 'Same scan' }, { as: cr.cookie });
    await t.api.post(`/api/corrections/${ids[1]}/dismiss`, {}, { as: admin.cookie });

    const closed = await queue(cr, 'closed');
    expect(closed.slice(0, 2).map((c) => [c.id, c.status, c.decidedByName, c.decisionReason])).toEqual([
      [ids[1], 'dismissed', 'Asha Admin', null],
      [ids[0], 'dismissed', 'Chirag Rep', 'Same scan'],
    ]);

    // Pages: two at a time through the open ones of this resource, newest first, to the end.
    const seen: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await t.api.get(`/api/corrections?status=open&limit=2&offset=${offset}`, { as: cr.cookie });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as { corrections: Array<{ id: string }>; nextOffset: number | null };
      expect(body.corrections.length).toBeLessThanOrEqual(2);
      seen.push(...body.corrections.map((c) => c.id));
      offset = body.nextOffset;
    }
    const open = (await queue(cr)).map((c) => c.id);
    expect(seen).toEqual(open);
    expect(seen).toEqual(expect.arrayContaining(ids.slice(2)));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await t.api.get('/api/corrections?limit=101', { as: cr.cookie })).statusCode).toBe(400);
  });

  it(`refuses more than ${CORRECTIONS_PER_HOUR} an hour from one user`, async () => {
    const resource = await newResource();
    const someone = await member(t, 'STUDENT', CSE3);
    for (let i = 0; i < CORRECTIONS_PER_HOUR; i++) {
      expect((await suggest(resource.id, someone, { kind: 'better_scan' })).statusCode).toBe(201);
    }
    const refused = await suggest(resource.id, someone, { kind: 'better_scan' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CORRECTION_MESSAGES.tooMany);
  });
});
