import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CR_SEATS_TAKEN_MESSAGE } from '../../src/shared/account.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';
import { DOMAIN, postSignUp, signUpBody, signUpCookie } from './helpers/accounts.js';
import { adminCall } from './helpers/admin.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Issue 12, finding 4: a CR seat is taken at e-mail verification, never by an unverified sign-up. */
describe(`CR seats are taken at verification; unverified accounts expire (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN, UNVERIFIED_ACCOUNT_TTL_HOURS: '48' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Each sign-up's browser (its ticket cookie), so its verification link is opened there. */
  const browsers = new Map<string, string>();
  const signUp = async (body: Record<string, unknown>) => {
    const res = await postSignUp(t.app, body);
    browsers.set(String(body.email), signUpCookie(res));
    return res;
  };
  const verify = async (email: string) => {
    const token = new URL(linkFromMail((await sink.waitForMail(email)).raw, '/verify-email')).searchParams.get('token')!;
    return t.api.post('/api/auth/verify-email', { token }, { as: browsers.get(email) });
  };
  const userRow = (email: string) => t.db.kysely.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
  const seats = (branch: string, semester: number) =>
    t.db.kysely.selectFrom('class_rep_seat').selectAll().where('branch_id', '=', branch).where('semester', '=', semester).execute();

  it('two never-verified CR sign-ups block neither a real CR nor an admin promotion', async () => {
    for (const squatter of [signUpBody({ role: 'CR', branch: 'me', semester: '7' }), signUpBody({ role: 'CR', branch: 'me', semester: '7' })]) {
      expect((await signUp(squatter)).statusCode).toBe(201);
      expect((await userRow(squatter.email))!.role).toBe('STUDENT');
    }
    expect(await seats('me', 7)).toHaveLength(0);

    const real = signUpBody({ role: 'CR', branch: 'me', semester: '7' });
    expect((await signUp(real)).statusCode).toBe(201);
    const verified = await verify(real.email);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect((await userRow(real.email))!.role).toBe('CR');

    const admin = await signedIn(t, 'ADMIN');
    const student = await signedIn(t, 'STUDENT');
    await t.db.kysely.updateTable('user').set({ branch: 'me', semester: 7 }).where('id', '=', student.user.id).execute();
    const promoted = await adminCall(t, admin.cookie, 'PATCH', `/users/${student.user.id}/role`, { role: 'CR' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await seats('me', 7)).map((s) => s.user_id).sort()).toEqual([student.user.id, (await userRow(real.email))!.id].sort());

    // An admin cannot hand a seat to an unverified account either.
    const squatterRow = (await t.db.kysely.selectFrom('user').select('id').where('branch', '=', 'me').where('role', '=', 'STUDENT').executeTakeFirstOrThrow());
    await t.db.kysely.updateTable('user').set({ branch: 'civil', semester: 1 }).where('id', '=', squatterRow.id).execute();
    const refused = await adminCall(t, admin.cookie, 'PATCH', `/users/${squatterRow.id}/role`, { role: 'CR' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_VERIFIED');
  });

  it('of five CR sign-ups verified in parallel, exactly two become CRs; the others are told and stay students', async () => {
    const bodies = Array.from({ length: 5 }, () => signUpBody({ role: 'CR', branch: 'it', semester: '5' }));
    const created = await Promise.all(bodies.map((b) => signUp(b)));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);

    const results = await Promise.all(bodies.map((b) => verify(b.email)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const messages = results.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === ACCOUNT_MESSAGES.emailVerified)).toHaveLength(2);
    expect(messages.filter((m) => m === CR_SEATS_TAKEN_MESSAGE)).toHaveLength(3);
    expect(CR_SEATS_TAKEN_MESSAGE).toContain('The CR seats of your class were taken; your account is a student account');

    const rows = await Promise.all(bodies.map((b) => userRow(b.email)));
    expect(rows.filter((r) => r!.role === 'CR')).toHaveLength(2);
    expect(rows.filter((r) => r!.role === 'STUDENT')).toHaveLength(3);
    expect(rows.every((r) => Boolean(r!.emailVerified))).toBe(true);
    expect((await seats('it', 5)).map((s) => s.user_id).sort()).toEqual(rows.filter((r) => r!.role === 'CR').map((r) => r!.id).sort());
    const ids = rows.map((r) => r!.id);
    expect(await t.db.kysely.selectFrom('class_rep_claim').selectAll().where('user_id', 'in', ids).execute()).toEqual([]);

    // Opening a link again changes nothing; a full class now says so at sign-up.
    expect((await verify(bodies[0]!.email)).statusCode).toBe(200);
    expect(await seats('it', 5)).toHaveLength(2);
    const late = await signUp(signUpBody({ role: 'CR', branch: 'it', semester: '5' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Maximum 2 CRs allowed per semester. Semester 5 already has 2 CRs.');
    expect((await signUp(signUpBody({ role: 'CR', branch: 'it', semester: '6' }))).statusCode).toBe(201);
  });

  it('deletes accounts still unverified after UNVERIFIED_ACCOUNT_TTL_HOURS, with what they own, and nothing else', async () => {
    const old = signUpBody({ role: 'CR', branch: 'ee', semester: '8' });
    const oldAdmin = signUpBody({ role: 'ADMIN' });
    const young = signUpBody();
    const verifiedOld = signUpBody();
    for (const body of [old, oldAdmin, young, verifiedOld]) expect((await signUp(body)).statusCode).toBe(201);
    expect((await verify(verifiedOld.email)).statusCode).toBe(200);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    await t.db.kysely.updateTable('user').set({ createdAt: hoursAgo(49) }).where('email', 'in', [old.email, oldAdmin.email, verifiedOld.email]).execute();
    await t.db.kysely.updateTable('user').set({ createdAt: hoursAgo(47) }).where('email', '=', young.email).execute();
    const oldIds = [(await userRow(old.email))!.id, (await userRow(oldAdmin.email))!.id];

    expect(await t.services.verification.removeExpiredUnverified()).toBe(2);

    expect(await userRow(old.email)).toBeUndefined();
    expect(await userRow(oldAdmin.email)).toBeUndefined();
    expect(await userRow(young.email)).toBeDefined();
    expect(await userRow(verifiedOld.email)).toBeDefined();
    expect(await t.db.kysely.selectFrom('account').select('id').where('userId', 'in', oldIds).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('class_rep_claim').select('user_id').where('user_id', 'in', oldIds).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('admin_access_request').select('id').where('user_id', 'in', oldIds).execute()).toEqual([]);
    // The address is free again.
    expect((await signUp({ ...old, email: old.email })).statusCode).toBe(201);
  });
});
