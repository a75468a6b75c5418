import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_SECTION_SIZE, termStart } from '../../src/shared/home.js';
import { REQUEST_BODY, call, member } from './helpers/requests.js';
import { upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Member = Awaited<ReturnType<typeof member>>;
const CSE3 = { branch: 'cse', semester: 3 };
const IT5 = { branch: 'it', semester: 5 };

describe(`GET /api/home: my class first (${testDialect})`, () => {
  let t: TestApp;
  let cr: Member;
  let student: Member;
  let classmates: Member[];
  let itCr: Member;
  /** CSE 3 papers in upload order (oldest first), and one IT 5 paper. */
  const ours: string[] = [];
  let theirs: string;
  const clock = testClock();

  const home = async (cookie: string) => {
    const res = await t.api.get('/api/home', { as: cookie });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const download = (cookie: string, id: string) => t.api.post(`/api/resources/${id}/download`, undefined, { as: cookie });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    cr = await member(t, 'CR', CSE3, 'Chirag Rep');
    itCr = await member(t, 'CR', IT5, 'Ira Rep');
    student = await member(t, 'STUDENT', CSE3, 'Sita Student');
    classmates = [await member(t, 'STUDENT', CSE3), await member(t, 'STUDENT', CSE3)];
    for (let i = 0; i < HOME_SECTION_SIZE + 2; i++) {
      const res = await upload(t, cr.cookie, { fields: { title: `Paper ${i}` } });
      expect(res.statusCode).toBe(201);
      ours.push(res.json().resource.id);
      // Distinct creation times, so "newest" has exactly one right order.
      clock.advance();
    }
    const it = await upload(t, itCr.cookie, { fields: { branch: 'it', semester: '5', title: 'Networks IT' } });
    theirs = it.json().resource.id;
  });
  afterAll(() => t?.close());

  it('answers 401 without a session', async () => {
    const res = await t.api.get('/api/home');
    expect(res.statusCode).toBe(401);
  });

  it('shows the student\'s own class, newest first, at most one section\'s worth, by their CR', async () => {
    const body = await home(student.cookie);
    expect(body.class).toEqual(CSE3);
    expect(body.total).toBe(ours.length);
    expect(body.newest.map((r: { id: string }) => r.id)).toEqual([...ours].reverse().slice(0, HOME_SECTION_SIZE));
    expect(body.newest.every((r: { uploader: string }) => r.uploader === 'your-cr')).toBe(true);
    expect(body.newest.map((r: { id: string }) => r.id)).not.toContain(theirs);
    expect(body.termStart).toBe(termStart(new Date()));
  });

  it('ranks this term\'s downloads in the class, one per user and day, leaving out older ones', async () => {
    const [a, b, c] = [ours[0]!, ours[1]!, ours[2]!];
    for (const who of [student, ...classmates]) expect((await download(who.cookie, b)).statusCode).toBe(200);
    await download(student.cookie, b); // the same user and day again: not counted twice
    for (const who of [student, classmates[0]!]) await download(who.cookie, a);
    await download(student.cookie, theirs); // another class: not in this class's list
    // Downloads of c last term only.
    const lastTerm = new Date(`${termStart(new Date())}T00:00:00Z`);
    lastTerm.setUTCDate(lastTerm.getUTCDate() - 3);
    await t.db.kysely
      .insertInto('resource_download')
      .values([student, ...classmates].map((who) => ({ resource_id: c, user_id: who.user.id, day: lastTerm.toISOString().slice(0, 10) })))
      .execute();

    const body = await home(student.cookie);
    expect(body.popular.map((r: { id: string; termDownloads: number }) => [r.id, r.termDownloads])).toEqual([
      [b, 3],
      [a, 2],
    ]);
    const it = await home(itCr.cookie);
    expect(it.class).toEqual(IT5);
    expect(it.popular.map((r: { id: string }) => r.id)).toEqual([theirs]);
  });

  it('lists the student\'s open requests only', async () => {
    const mine = await call(t, student.cookie, 'POST', '/requests', { ...REQUEST_BODY, branch: 'cse', semester: '3', subject: 'Operating Systems' });
    expect(mine.statusCode).toBe(201);
    const declined = await call(t, student.cookie, 'POST', '/requests', { ...REQUEST_BODY, branch: 'cse', semester: '3', subject: 'Compilers' });
    await call(t, cr.cookie, 'POST', `/requests/${declined.json().request.id}/decline`, { reason: 'Not taught this year at all' });
    await call(t, classmates[0]!.cookie, 'POST', '/requests', { ...REQUEST_BODY, branch: 'cse', semester: '3', subject: 'Graph Theory' });

    const body = await home(student.cookie);
    expect(body.openRequests.map((r: { subject: string; status: string }) => [r.subject, r.status])).toEqual([['Operating Systems', 'open']]);
  });
});
