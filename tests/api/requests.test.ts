import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, REQUESTS_PER_HOUR } from '../../src/shared/request.js';
import { mailText } from '../support/mail-text.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { DOMAIN } from './helpers/accounts.js';
import { REQUEST_BODY, call, fulfilByUpload, member } from './helpers/requests.js';
import { OFFERED_YEARS, YEAR_BEFORE_WINDOW, resourceRows, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Member = Awaited<ReturnType<typeof member>>;
const CSE5 = { branch: 'cse', semester: 5 };

describe(`resource requests (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let asha: Member;
  let ben: Member;
  let cr: Member;
  let otherCr: Member;
  let admin: Member;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ q: t, asha, ben, cr, otherCr, admin } = await ownLibrary({ SMTP_URL: sink.url }));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** A library with the file's five members: the shared one, or one of its own for a test that asserts on everything in it. */
  async function ownLibrary(env: Record<string, string> = {}) {
    const q = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN, PRODUCT_NAME: 'StudyShelf', ...env });
    return {
      q,
      asha: await member(q, 'STUDENT', CSE5, 'Asha Student'),
      ben: await member(q, 'STUDENT', { branch: 'it', semester: 2 }, 'Ben Student'),
      cr: await member(q, 'CR', CSE5, 'Chitra CR'),
      otherCr: await member(q, 'CR', { branch: 'it', semester: 5 }, 'Omar CR'),
      admin: await member(q, 'ADMIN', CSE5, 'Anil Admin'),
    };
  }

  const rows = () => t.db.kysely.selectFrom('resource_request').selectAll().execute();
  const supporters = (id: string) => t.db.kysely.selectFrom('request_supporter').selectAll().where('request_id', '=', id).execute();
  const create = (who: Member | undefined, body: Record<string, unknown>) => call(t, who?.cookie, 'POST', '/requests', body);

  /** The mail to this address whose subject mentions `word`. */
  async function mailTo(to: string, word: string) {
    const mail = await sink.waitFor(`mail with "${word}" to ${to}`, (m) => m.to.includes(to) && m.raw.includes(word));
    return mailText(mail.raw);
  }

  it('limits requests to 20 a user an hour, even in parallel; other users are not affected (issue 32, finding 8)', async () => {
    const eager = await member(t, 'STUDENT', { branch: 'ece', semester: 4 }, 'Eager Student');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create(eager, { ...REQUEST_BODY, branch: 'ece', semester: '4', subject: `Signals part ${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(REQUESTS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - REQUESTS_PER_HOUR);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: REQUEST_MESSAGES.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const stored = await t.db.kysely.selectFrom('resource_request').select('subject').where('requested_by', '=', eager.user.id).execute();
    expect(stored).toHaveLength(REQUESTS_PER_HOUR);
    // Which 20 of the 30 got in depends on arrival order: support one that did.
    const other = await member(t, 'STUDENT', { branch: 'ece', semester: 4 });
    expect((await create(other, { ...REQUEST_BODY, branch: 'ece', semester: '4', subject: stored[0]!.subject })).statusCode).toBe(200);
  });

  it('asks signed-out visitors to log in and stores nothing', async () => {
    const before = (await rows()).length;
    expect((await create(undefined, REQUEST_BODY)).statusCode).toBe(401);
    expect((await call(t, undefined, 'GET', '/requests/mine')).statusCode).toBe(401);
    expect((await call(t, undefined, 'GET', '/requests/queue')).statusCode).toBe(401);
    expect(await rows()).toHaveLength(before);
  });

  it('checks the fields in SPEC.md order, one message at a time, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'branch', REQUEST_MESSAGES.branch],
      [{ ...REQUEST_BODY, branch: '', semester: '' }, 'branch', REQUEST_MESSAGES.branch],
      [{ ...REQUEST_BODY, branch: 'mars' }, 'branch', REQUEST_MESSAGES.branch],
      [{ ...REQUEST_BODY, semester: '', subject: '' }, 'semester', REQUEST_MESSAGES.semester],
      [{ ...REQUEST_BODY, semester: '9' }, 'semester', REQUEST_MESSAGES.semester],
      [{ ...REQUEST_BODY, subject: ' ', academicYear: '' }, 'subject', REQUEST_MESSAGES.subject],
      [{ ...REQUEST_BODY, academicYear: YEAR_BEFORE_WINDOW, description: '' }, 'academicYear', REQUEST_MESSAGES.academicYear],
      [{ ...REQUEST_BODY, academicYear: '2019-21', description: '' }, 'academicYear', REQUEST_MESSAGES.academicYear],
      [{ ...REQUEST_BODY, description: 'too short' }, 'description', REQUEST_MESSAGES.description],
      [{ ...REQUEST_BODY, description: '         x         ' }, 'description', REQUEST_MESSAGES.description],
    ];
    const before = (await rows()).length;
    for (const [body, field, message] of cases) {
      const res = await create(asha, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect(await rows()).toHaveLength(before);
  });

  it('stores a request for the signed-in user, never for the id in the body', async () => {
    const res = await create(asha, { ...REQUEST_BODY, subject: 'Software  Engineering', userId: ben.user.id, requestedBy: ben.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: REQUEST_MESSAGES.submitted, merged: false });
    expect(body.request).toMatchObject({
      branch: 'cse',
      semester: 5,
      subject: 'Software Engineering',
      status: 'open',
      supporters: 1,
      requestedByName: 'Asha Student',
      supportedByMe: true,
    });
    const [row] = (await rows()).filter((r) => r.id === body.request.id);
    expect(row).toMatchObject({ requested_by: asha.user.id, subject_key: 'software engineering', status: 'open' });
    expect((await supporters(body.request.id)).map((s) => s.user_id)).toEqual([asha.user.id]);
  });

  it('merges the same request from another student into one with two supporters', async () => {
    const first = await create(asha, { ...REQUEST_BODY, subject: 'Cloud Computing', semester: '7' });
    expect(first.statusCode).toBe(201);
    const second = await create(ben, { ...REQUEST_BODY, subject: ' cloud   COMPUTING ', semester: 7, description: 'Need this for the exam too' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ merged: true, request: { id: first.json().request.id, supporters: 2, supportedByMe: true } });
    expect(second.json().message).toContain('2 students want it');
    // Asking again changes nothing.
    const again = await create(ben, { ...REQUEST_BODY, subject: 'Cloud Computing', semester: '7' });
    expect(again.json()).toMatchObject({ merged: true, message: 'You have already asked for this resource.', request: { supporters: 2 } });
    const matching = (await rows()).filter((r) => r.subject_key === 'cloud computing');
    expect(matching).toHaveLength(1);
    expect(await supporters(matching[0]!.id)).toHaveLength(2);
    // A different year is a different request.
    const otherYear = await create(ben, { ...REQUEST_BODY, subject: 'Cloud Computing', semester: '7', academicYear: OFFERED_YEARS.at(-1)! });
    expect(otherYear.statusCode).toBe(201);
  });

  it('makes one request when several students ask at the same moment', async () => {
    const students = await Promise.all([1, 2, 3, 4].map((i) => member(t, 'STUDENT', CSE5, `Racer ${i}`)));
    const answers = await Promise.all(students.map((s) => create(s, { ...REQUEST_BODY, subject: 'Big Data', semester: '7' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const matching = (await rows()).filter((r) => r.subject_key === 'big data');
    expect(matching).toHaveLength(1);
    expect(await supporters(matching[0]!.id)).toHaveLength(4);
  });

  it('lists my requests with their supporters, and nobody else reads them', async () => {
    // Its own library with Asha's two requests, as the tests above leave them, in any order.
    const { q, asha, ben, cr, otherCr, admin } = await ownLibrary();
    try {
      await call(q, asha.cookie, 'POST', '/requests', { ...REQUEST_BODY, subject: 'Software Engineering' });
      for (const who of [asha, ben]) await call(q, who.cookie, 'POST', '/requests', { ...REQUEST_BODY, subject: 'Cloud Computing', semester: '7' });

      const mine = await call(q, asha.cookie, 'GET', '/requests/mine');
      expect(mine.statusCode).toBe(200);
      const subjects = mine.json().requests.map((r: { subject: string }) => r.subject);
      expect(subjects).toEqual(expect.arrayContaining(['Software Engineering', 'Cloud Computing']));
      const bens = (await call(q, ben.cookie, 'GET', '/requests/mine')).json().requests.map((r: { subject: string }) => r.subject);
      expect(bens).not.toContain('Software Engineering');

      const id = mine.json().requests.find((r: { subject: string }) => r.subject === 'Software Engineering').id;
      expect((await call(q, asha.cookie, 'GET', `/requests/${id}`)).statusCode).toBe(200);
      expect((await call(q, ben.cookie, 'GET', `/requests/${id}`)).statusCode).toBe(404);
      expect((await call(q, otherCr.cookie, 'GET', `/requests/${id}`)).statusCode).toBe(404);
      expect((await call(q, cr.cookie, 'GET', `/requests/${id}`)).statusCode).toBe(200);
      expect((await call(q, admin.cookie, 'GET', `/requests/${id}`)).statusCode).toBe(200);
    } finally {
      await q.close();
    }
  });

  it("shows a CR only their own class's queue, an admin every class, and students none", async () => {
    // Its own library, so that every class in the queue is one this test asked for: the other
    // tests (in any order) add classes of their own.
    const { q, asha, ben, cr, otherCr, admin } = await ownLibrary();
    try {
      const create = (who: Member, body: Record<string, unknown>) => call(q, who.cookie, 'POST', '/requests', body);
      await create(asha, { ...REQUEST_BODY, subject: 'Software Engineering' });
      for (const who of [asha, ben]) await create(who, { ...REQUEST_BODY, subject: 'Cloud Computing', semester: '7' });
      for (const i of [1, 2, 3, 4]) await create(await member(q, 'STUDENT', CSE5, `Racer ${i}`), { ...REQUEST_BODY, subject: 'Big Data', semester: '7' });

      await create(ben, { ...REQUEST_BODY, branch: 'it', semester: '2', subject: 'Programming' });
      expect((await call(q, asha.cookie, 'GET', '/requests/queue')).statusCode).toBe(403);
      const crQueue = (await call(q, cr.cookie, 'GET', '/requests/queue')).json();
      expect(crQueue.requests.length).toBeGreaterThan(0);
      expect(crQueue.requests.every((r: { branch: string; semester: number }) => r.branch === 'cse' && r.semester === 5)).toBe(true);
      const otherQueue = (await call(q, otherCr.cookie, 'GET', '/requests/queue')).json();
      expect(otherQueue.requests).toEqual([]);
      const adminQueue = (await call(q, admin.cookie, 'GET', '/requests/queue')).json();
      const classes = new Set(adminQueue.requests.map((r: { branch: string; semester: number }) => `${r.branch}${r.semester}`));
      expect(classes).toEqual(new Set(['cse5', 'cse7', 'it2']));
      expect(adminQueue.total).toBe(adminQueue.requests.length);
      // The most wanted first.
      expect(adminQueue.requests[0]).toMatchObject({ subject: 'Big Data', supporters: 4 });
    } finally {
      await q.close();
    }
  });

  it('fulfils a request by upload: the resource takes the request\'s class, subject and year; supporters are mailed', async () => {
    const asked = (await create(asha, { ...REQUEST_BODY, subject: 'Computer Networks' })).json().request;
    await create(ben, { ...REQUEST_BODY, subject: 'computer networks' });

    // A CR of another class cannot, and nothing is stored.
    const filesBefore = (await storedFiles(t)).length;
    const refused = await fulfilByUpload(t, otherCr.cookie, asked.id);
    expect(refused.statusCode).toBe(404);
    const student = await fulfilByUpload(t, asha.cookie, asked.id);
    expect(student.statusCode).toBe(403);
    expect(await storedFiles(t)).toHaveLength(filesBefore);
    // A bad resource type is refused before anything is kept.
    const badType = await fulfilByUpload(t, cr.cookie, asked.id, { resourceType: 'ESSAY' });
    expect(badType.statusCode).toBe(400);
    expect(await storedFiles(t)).toHaveLength(filesBefore);
    expect((await rows()).find((r) => r.id === asked.id)?.status).toBe('open');

    const done = await fulfilByUpload(t, cr.cookie, asked.id, { resourceType: 'PYQ', subject: 'Ignored', branch: 'me' });
    expect(done.statusCode, done.body).toBe(201);
    const request = done.json().request;
    expect(request).toMatchObject({ status: 'fulfilled', decidedByName: 'Chitra CR', resource: { subject: 'Computer Networks', resourceType: 'PYQ', academicYear: '2023-24' } });
    const resource = (await resourceRows(t)).find((r) => r.id === request.resource.id);
    expect(resource).toMatchObject({ branch: 'cse', semester: 5, subject: 'Computer Networks', academic_year: '2023-24', uploaded_by: cr.user.id });
    expect(await storedFiles(t)).toHaveLength(filesBefore + 1);
    // A CR acts for their class: that is not an administrator's action, so not audited.
    expect(await t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', asked.id).execute()).toEqual([]);

    const toAsha = await mailTo(asha.email, 'Computer Networks is now on StudyShelf');
    expect(toAsha).toContain('Chitra CR added Computer Networks');
    expect(toAsha).toContain('/my-requests');
    await mailTo(ben.email, 'Computer Networks is now on StudyShelf');

    const seen = (await call(t, ben.cookie, 'GET', '/requests/mine')).json().requests.find((r: { id: string }) => r.id === asked.id);
    expect(seen).toMatchObject({ status: 'fulfilled', resource: { id: request.resource.id, thumbnailUrl: null } });
    // Once processed, /my-requests shows the fulfilling paper's first page.
    await t.services.processingRunner.runUntilIdle();
    const processed = (await call(t, ben.cookie, 'GET', '/requests/mine')).json().requests.find((r: { id: string }) => r.id === asked.id);
    expect(processed.resource.thumbnailUrl).toMatch(new RegExp(`^/api/resources/${request.resource.id}/thumbnail\\?v=`));
    // Closed is closed.
    expect((await fulfilByUpload(t, cr.cookie, asked.id)).statusCode).toBe(409);
    expect((await call(t, admin.cookie, 'POST', `/requests/${asked.id}/decline`, { reason: 'too late' })).statusCode).toBe(409);
  });

  it('fulfils a request with an existing resource of the same class only', async () => {
    const asked = (await create(asha, { ...REQUEST_BODY, subject: 'Operating Systems', semester: '5' })).json().request;
    const sameClass = await upload(t, admin.cookie, { fields: { branch: 'cse', semester: '5', subject: 'Operating Systems' } });
    const otherClass = await upload(t, admin.cookie, { fields: { branch: 'it', semester: '5', subject: 'Operating Systems' } });
    expect(sameClass.statusCode).toBe(201);
    const link = (resourceId: string, who = cr) => call(t, who.cookie, 'POST', `/requests/${asked.id}/fulfil`, { resourceId });

    expect((await link(otherClass.json().resource.id)).json()).toMatchObject({ message: REQUEST_MESSAGES.otherClass, field: 'resourceId' });
    expect((await link('00000000-0000-4000-8000-000000000000')).json().message).toBe(REQUEST_MESSAGES.resourceMissing);
    expect((await link(sameClass.json().resource.id, otherCr)).statusCode).toBe(404);
    const done = await link(sameClass.json().resource.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ mailed: true, request: { status: 'fulfilled', resource: { id: sameClass.json().resource.id } } });
    expect((await rows()).find((r) => r.id === asked.id)).toMatchObject({ status: 'fulfilled', resource_id: sameClass.json().resource.id });
  });

  it('declines with a reason that the students read in their mail and in /my-requests', async () => {
    const asked = (await create(asha, { ...REQUEST_BODY, subject: 'Blockchain', semester: '8' })).json().request;
    expect((await call(t, cr.cookie, 'POST', `/requests/${asked.id}/decline`, { reason: 'Not our class' })).statusCode).toBe(404);
    const short = await call(t, admin.cookie, 'POST', `/requests/${asked.id}/decline`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(REQUEST_MESSAGES.declineReason);
    const done = await call(t, admin.cookie, 'POST', `/requests/${asked.id}/decline`, { reason: 'Not taught this year' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'declined', declineReason: 'Not taught this year', decidedByName: 'Anil Admin' });
    expect(await mailTo(asha.email, 'request for Blockchain was declined')).toContain('Reason: Not taught this year');
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', asked.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'request.decline', actor_id: admin.user.id, target_type: 'request' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ status: 'declined', reason: 'Not taught this year' });
    const mine = (await call(t, asha.cookie, 'GET', '/requests/mine')).json().requests.find((r: { id: string }) => r.id === asked.id);
    expect(mine).toMatchObject({ status: 'declined', declineReason: 'Not taught this year' });
    // A closed request no longer absorbs new ones: asking again opens a fresh request.
    const again = await create(asha, { ...REQUEST_BODY, subject: 'Blockchain', semester: '8' });
    expect(again.statusCode).toBe(201);
    expect(again.json().request.id).not.toBe(asked.id);
  });

  it('offers the same calendar years as the upload form: the current academic year and the four before it', async () => {
    for (const [index, academicYear] of OFFERED_YEARS.entries()) {
      const res = await create(asha, { ...REQUEST_BODY, subject: `Compiler Design ${index}`, academicYear });
      expect(res.statusCode, `${academicYear}: ${res.body}`).toBe(201);
      expect(res.json().request.academicYear).toBe(academicYear);
    }
    const next = Number(OFFERED_YEARS[0]!.slice(0, 4)) + 1;
    for (const academicYear of [YEAR_BEFORE_WINDOW, `${next}-${String((next + 1) % 100).padStart(2, '0')}`]) {
      const res = await create(asha, { ...REQUEST_BODY, subject: 'Compiler Design', academicYear });
      expect(res.statusCode, academicYear).toBe(400);
      expect(res.json()).toMatchObject({ field: 'academicYear', message: REQUEST_MESSAGES.academicYear });
    }
  });

  it("keeps a request's year on the upload that fulfils it after the year left the window; plain uploads may not use it", async () => {
    // Plain uploads take any year since FIRST_ACADEMIC_YEAR (2008 by default): one before it.
    const BEFORE_FIRST_YEAR = '2005-06';
    const asked = (await create(asha, { ...REQUEST_BODY, subject: 'Theory of Computation', academicYear: OFFERED_YEARS.at(-1)! })).json().request;
    // The window moved on (a new July) while the request stayed open.
    await t.db.kysely.updateTable('resource_request').set({ academic_year: BEFORE_FIRST_YEAR }).where('id', '=', asked.id).execute();
    const done = await fulfilByUpload(t, cr.cookie, asked.id);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().request.resource).toMatchObject({ academicYear: BEFORE_FIRST_YEAR });
    const plain = await upload(t, admin.cookie, { fields: { academicYear: BEFORE_FIRST_YEAR } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().field).toBe('academicYear');
  });

  it('keeps a fulfilled request when its resource is deleted, without a preview', async () => {
    const asked = (await create(asha, { ...REQUEST_BODY, subject: 'Machine Learning', semester: '6' })).json().request;
    const done = await fulfilByUpload(t, admin.cookie, asked.id);
    expect(done.statusCode, done.body).toBe(201);
    const resourceId = done.json().request.resource.id;
    expect((await t.api.delete(`/api/resources/${resourceId}`, { as: admin })).statusCode).toBe(200);
    const mine = (await call(t, asha.cookie, 'GET', '/requests/mine')).json().requests.find((r: { id: string }) => r.id === asked.id);
    expect(mine).toMatchObject({ status: 'fulfilled', resource: null });
  });
});
