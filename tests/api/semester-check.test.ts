import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/account.js';
import { login, PASSWORD } from './helpers/accounts.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * The term moves on (issue 34, decision 040): GET /api/home asks once per term when the batch's
 * semester under the term calendar (July/January) differs from the stored one, and POST
 * /api/account/semester-check answers. The calendar's clock is the config's, moved by the test.
 */
describe(`the new term's question (${testDialect})`, () => {
  let t: TestApp;
  let today = new Date('2026-12-02T10:00:00Z');
  let counter = 0;

  const person = async (role: Role, klass: { branch?: string; semester?: number }, academicSession = '2024-28') => {
    const email = `term${++counter}.${Date.now()}@${t.config.public.institutionEmailDomain}`;
    const user = await t.services.accounts.createVerifiedUser({ name: `${role} ${counter}`, email, password: PASSWORD, role, ...klass, academicSession });
    return { ...(await login(t.app, email)), id: user.id };
  };
  const home = async (who: { cookie: string }) => {
    const res = await t.api.get('/api/home', { as: who });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { termStart: string; class: { branch: string; semester: number } | null; semesterCheck: { semester: number; term: string } | null };
  };
  const answer = (who: { cookie: string }, body: { answer: string; term: string }) => t.api.post('/api/account/semester-check', body, { as: who });
  const seats = (userId: string) => t.db.kysely.selectFrom('class_rep_seat').select(['branch_id', 'semester']).where('user_id', '=', userId).execute();

  beforeAll(async () => {
    t = await createTestApp({}, { adjust: (config) => ({ ...config, termCalendar: { ...config.termCalendar, today: () => today } }) });
  });
  beforeEach(() => {
    today = new Date('2026-12-02T10:00:00Z');
  });
  afterAll(() => t?.close());

  it('does not ask in the term the semester was typed in, asks at the next, and once confirmed not again that term', async () => {
    // Batch 2024-28 is in semester 5 in December 2026; the student typed 5 at sign-up.
    const student = await person('STUDENT', { branch: 'cse', semester: 5 });
    expect((await home(student)).semesterCheck).toBeNull();

    today = new Date('2027-01-04T08:00:00Z');
    expect((await home(student)).semesterCheck).toEqual({ semester: 6, term: '2027-01' });
    // "Most downloaded this term" reads the same calendar and clock.
    expect((await home(student)).termStart).toBe('2027-01-01');
    const res = await answer(student, { answer: 'confirm', term: '2027-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Your class is now semester 6.', user: { semester: 6, branch: 'cse' } });

    const after = await home(student);
    expect(after.class).toEqual({ branch: 'cse', semester: 6 });
    expect(after.semesterCheck).toBeNull();
    today = new Date('2027-06-30T20:00:00Z');
    expect((await home(student)).semesterCheck).toBeNull();
    // A second answer in the same term changes nothing.
    const again = await answer(student, { answer: 'confirm', term: '2027-01' });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.semester).toBe(6);
    today = new Date('2027-07-01T00:00:00Z');
    expect((await home(student)).semesterCheck).toEqual({ semester: 7, term: '2027-07' });
  });

  it('"not right" keeps the semester and is not asked again that term', async () => {
    const student = await person('STUDENT', { branch: 'it', semester: 4 }, '2024-28');
    // Typed 4 though the calendar says 5: sign-up settled this term, so nothing yet.
    expect((await home(student)).semesterCheck).toBeNull();
    today = new Date('2027-02-10T08:00:00Z');
    expect((await home(student)).semesterCheck).toEqual({ semester: 6, term: '2027-01' });
    const res = await answer(student, { answer: 'not-right', term: '2027-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.semester).toBe(4);
    expect((await home(student)).semesterCheck).toBeNull();
    expect((await home(student)).class).toEqual({ branch: 'it', semester: 4 });
  });

  it('never asks a user without a batch, nor an admin without a class, and refuses an old term\'s answer', async () => {
    const noBatch = await person('STUDENT', { branch: 'cse', semester: 2 }, '');
    const admin = await person('ADMIN', {}, '');
    today = new Date('2027-01-04T08:00:00Z');
    expect((await home(noBatch)).semesterCheck).toBeNull();
    expect((await home(admin)).semesterCheck).toBeNull();
    const res = await answer(noBatch, { answer: 'confirm', term: '2027-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.semester).toBe(2);

    const student = await person('STUDENT', { branch: 'ee', semester: 6 });
    const stale = await answer(student, { answer: 'confirm', term: '2026-07' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('TERM_CHANGED');
    expect((await answer(student, { answer: 'maybe', term: '2027-01' })).statusCode).toBe(400);
    expect((await t.api.post('/api/account/semester-check', { answer: 'confirm', term: '2027-01' })).statusCode).toBe(401);
  });

  it('asks an admin with a class, and accounts from before migration 025 when their semester is behind', async () => {
    const admin = await person('ADMIN', { branch: 'me', semester: 3 }, '2025-29');
    const old = await person('STUDENT', { branch: 'ce', semester: 1 }, '2025-29');
    const current = await person('STUDENT', { branch: 'ce', semester: 3 }, '2025-29');
    await t.db.kysely.updateTable('user').set({ semesterConfirmedTerm: null }).where('id', 'in', [old.id, current.id]).execute();
    // December 2026: batch 2025 is in semester 3.
    expect((await home(old)).semesterCheck).toEqual({ semester: 3, term: '2026-07' });
    expect((await home(current)).semesterCheck).toBeNull();
    today = new Date('2027-01-04T08:00:00Z');
    expect((await home(admin)).semesterCheck).toEqual({ semester: 4, term: '2027-01' });
    const res = await answer(admin, { answer: 'confirm', term: '2027-01' });
    expect(res.json()).toMatchObject({ user: { role: 'ADMIN', semester: 4 } });
  });

  it('moves a CR\'s seat with them, and keeps it when the next class has its CRs already', async () => {
    const cr = await person('CR', { branch: 'ece', semester: 5 });
    const blocked = await person('CR', { branch: 'ece', semester: 1 }, '2022-26');
    await person('CR', { branch: 'ece', semester: 8 });
    await person('CR', { branch: 'ece', semester: 8 });
    today = new Date('2027-01-04T08:00:00Z');
    const moved = await answer(cr, { answer: 'confirm', term: '2027-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await seats(cr.id)).toEqual([{ branch_id: 'ece', semester: 6 }]);

    // Batch 2022 is past its eighth semester: ECE 8 is full (cap 2).
    expect((await home(blocked)).semesterCheck).toEqual({ semester: 8, term: '2027-01' });
    const refused = await answer(blocked, { answer: 'confirm', term: '2027-01' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CR_CAP_REACHED');
    expect(await seats(blocked.id)).toEqual([{ branch_id: 'ece', semester: 1 }]);
    expect((await home(blocked)).class).toEqual({ branch: 'ece', semester: 1 });
  });

  it('a saved profile settles the term', async () => {
    const student = await person('STUDENT', { branch: 'cse', semester: 5 });
    today = new Date('2027-01-04T08:00:00Z');
    expect((await home(student)).semesterCheck).not.toBeNull();
    const res = await t.api.patch('/api/account/profile', { name: 'Moved On', branch: 'cse', semester: 4, session: '2024-28' }, { as: student });
    expect(res.statusCode, res.body).toBe(200);
    expect((await home(student)).semesterCheck).toBeNull();
  });
});
