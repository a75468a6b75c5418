import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtp-sink.js';
import { DOMAIN, postSignUp, signUpBody } from './helpers/accounts.js';
import { postReport } from './helpers/reports.js';
import { call, member, REQUEST_BODY } from './helpers/requests.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Every bidirectional control the issue names: embeddings and overrides, then isolates. */
const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
/** "Asha" followed by an override that would show the rest reversed, and an isolate left open. */
const spoofed = (text: string) => `\u202e${text}\u2066${BIDI}`;

/**
 * Issue 32, finding 3: names and request subjects kept bidi overrides (titles and file names lost
 * them already). Every text stored for others to read loses them.
 */
describe(`display texts lose bidirectional controls (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sign-up name, and a name changed in account settings', async () => {
    const body = signUpBody({ name: spoofed('Asha Rao') });
    expect((await postSignUp(t.app, body)).statusCode).toBe(201);
    const row = await t.db.kysely.selectFrom('user').select(['name', 'academicSession']).where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Asha Rao', academicSession: '2023-24' });
    // The session has a pattern of its own: with a control in it, it is refused as before.
    expect((await postSignUp(t.app, signUpBody({ session: `2023-24${BIDI}` }))).statusCode).toBe(400);

    const who = await member(t, 'STUDENT', { branch: 'cse', semester: 5 }, `Ben${BIDI} Das`);
    expect((await t.db.kysely.selectFrom('user').select('name').where('id', '=', who.user.id).executeTakeFirstOrThrow()).name).toBe('Ben Das');
    const saved = await t.api.patch('/api/account/profile', { name: spoofed(' Ben Kumar '), branch: 'cse', semester: 5, session: '2024-25' }, { as: who });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.db.kysely.selectFrom('user').select('name').where('id', '=', who.user.id).executeTakeFirstOrThrow()).name).toBe('Ben Kumar');
  });

  it('resource requests: subject, description and a decline reason', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 5 });
    const res = await call(t, student.cookie, 'POST', '/requests', {
      ...REQUEST_BODY,
      subject: spoofed('Compiler Design'),
      description: `Unit 2 notes${BIDI} please, with examples`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.kysely.selectFrom('resource_request').select(['id', 'subject', 'subject_key', 'description']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subject: 'Compiler Design', subject_key: 'compiler design', description: 'Unit 2 notes please, with examples' });

    // The same subject without the controls is the same request: the student joins it.
    const other = await member(t, 'STUDENT', { branch: 'cse', semester: 5 });
    expect((await call(t, other.cookie, 'POST', '/requests', { ...REQUEST_BODY, subject: 'Compiler Design' })).statusCode).toBe(200);

    const admin = await member(t, 'ADMIN', { branch: 'cse', semester: 5 });
    const declined = await call(t, admin.cookie, 'POST', `/requests/${row.id}/decline`, { reason: spoofed('Already in the library') });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await t.db.kysely.selectFrom('resource_request').select('decline_reason').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.decline_reason).toBe('Already in the library');
  });

  it('issue reports: title and description', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 5 });
    const res = await postReport(t, student.cookie, { fields: { title: spoofed('Preview is blank'), description: `It stays white${BIDI} on page 2.` } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.kysely.selectFrom('issue_report').select(['title', 'description']).where('reporter_id', '=', student.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Preview is blank', description: 'It stays white on page 2.' });
  });
});
