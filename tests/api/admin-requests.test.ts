import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE } from '../../src/shared/account.js';
import { ADMIN_MESSAGES } from '../../src/shared/admin.js';
import { mailText } from '../support/mail-text.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';
import {
  createVerifiedUser,
  DOMAIN,
  login,
  newClientAddress,
  PASSWORD,
  postSignUp,
  signUpBody,
  signUpCookie,
  verificationToken,
} from './helpers/accounts.js';
import { adminCall, currentUser } from './helpers/admin.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`admin dashboard: admin-access requests and the audit log (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Session;
  const clock = testClock();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN, PRODUCT_NAME: 'StudyShelf' }, { clock: clock.now });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Signs up asking for admin access (a student with a pending request), verified and logged in. */
  async function requester(name: string, on: TestApp = t) {
    const body = await createVerifiedUser(on.app, sink, { role: 'ADMIN', name });
    const { cookie } = await login(on.app, body.email);
    const user = await currentUser(on, cookie);
    return { cookie, user, email: body.email };
  }

  /** The decision mail to this address (the verification mail came first). */
  async function decisionMail(to: string, word: string) {
    const mail = await sink.waitFor(`"${word}" mail to ${to}`, (m) => m.to.includes(to) && m.raw.includes(`request was ${word}`));
    return mailText(mail.raw);
  }

  const pending = async () => (await adminCall(t, admin.cookie, 'GET', '/admin-requests')).json().requests;
  const me = (cookie: string) => currentUser(t, cookie);

  it('lists pending requests newest first, approves one (mailed, ADMIN at once) and declines another', async () => {
    const ada = await requester('Ada Approved');
    clock.advance();
    const dev = await requester('Dev Declined');
    const list = await pending();
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Dev Declined', 'Ada Approved']);
    expect(list[0]).toMatchObject({ userId: dev.user.id, email: dev.email, branch: 'cse', semester: 3 });
    const adaRequest = list[1].id;
    const devRequest = list[0].id;

    const approved = await adminCall(t, admin.cookie, 'POST', `/admin-requests/${adaRequest}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: ADMIN_MESSAGES.requestApproved, mailed: true });
    expect(await me(ada.cookie)).toMatchObject({ role: 'ADMIN', adminRequestPending: false });
    const approvedText = await decisionMail(ada.email, 'approved');
    expect(approvedText).toContain('Hello Ada Approved');
    expect(approvedText).toContain('An administrator approved your request for admin access to StudyShelf.');

    const declined = await adminCall(t, admin.cookie, 'POST', `/admin-requests/${devRequest}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ message: ADMIN_MESSAGES.requestDeclined, mailed: true });
    expect(await me(dev.cookie)).toMatchObject({ role: 'STUDENT', adminRequestPending: false });
    expect(await decisionMail(dev.email, 'declined')).toContain('Your account is unchanged');

    expect(await pending()).toEqual([]);
    for (const [id, action] of [[adaRequest, 'approve'], [devRequest, 'decline'], [devRequest, 'approve'], [9999, 'approve']]) {
      const again = await adminCall(t, admin.cookie, 'POST', `/admin-requests/${id}/${action}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(ADMIN_MESSAGES.requestNotFound);
    }
    expect((await me(dev.cookie)).role).toBe('STUDENT');
  });

  it('approving a requester who became a CR frees their CR seat', async () => {
    const carla = await requester('Carla Cr');
    expect((await adminCall(t, admin.cookie, 'PATCH', `/users/${carla.user.id}/role`, { role: 'CR' })).statusCode).toBe(200);
    const seat = () => t.db.kysely.selectFrom('class_rep_seat').selectAll().where('user_id', '=', carla.user.id).executeTakeFirst();
    expect(await seat()).toBeDefined();
    const [request] = await pending();
    expect((await adminCall(t, admin.cookie, 'POST', `/admin-requests/${request.id}/approve`)).statusCode).toBe(200);
    expect((await me(carla.cookie)).role).toBe('ADMIN');
    expect(await seat()).toBeUndefined();
  });

  it('refuses a request id that is not a number', async () => {
    expect((await adminCall(t, admin.cookie, 'POST', '/admin-requests/abc/approve')).statusCode).toBe(400);
  });

  it('shows the audit log newest first, 20 a page, with before and after of each action', async () => {
    // A dashboard of its own with the four decisions the tests above make (so it passes in any
    // order): Ada approved, Dev declined, Carla made a CR and then approved.
    const t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN, PRODUCT_NAME: 'StudyShelf' });
    try {
      const admin = await signedIn(t, 'ADMIN', 'Asha Admin');
      const decide = async (name: string, action: 'approve' | 'decline', before?: (userId: string) => Promise<void>) => {
        const who = await requester(name, t);
        await before?.(who.user.id);
        const [request] = (await adminCall(t, admin.cookie, 'GET', '/admin-requests')).json().requests;
        expect((await adminCall(t, admin.cookie, 'POST', `/admin-requests/${request.id}/${action}`)).statusCode).toBe(200);
      };
      await decide('Ada Approved', 'approve');
      await decide('Dev Declined', 'decline');
      await decide('Carla Cr', 'approve', async (userId) => {
        expect((await adminCall(t, admin.cookie, 'PATCH', `/users/${userId}/role`, { role: 'CR' })).statusCode).toBe(200);
      });

      const res = await adminCall(t, admin.cookie, 'GET', '/audit-log');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(body.entries.map((e: { action: string }) => e.action)).toEqual([
        'admin_request.approve',
        'user.role_change',
        'admin_request.decline',
        'admin_request.approve',
      ]);
      const [carlaApproval, , devDecline] = body.entries;
      expect(carlaApproval).toMatchObject({
        actorId: admin.user.id,
        actorName: 'Asha Admin',
        targetType: 'admin_request',
        before: { status: 'pending', role: 'CR' },
        after: { status: 'approved', role: 'ADMIN' },
      });
      expect(carlaApproval.summary).toMatch(/^Approved the admin-access request of Carla Cr \(/);
      expect(devDecline).toMatchObject({ before: { status: 'pending', role: 'STUDENT' }, after: { status: 'declined', role: 'STUDENT' } });

      // 20 a page: 18 more entries by switching a student (in a class of their own) back and forth.
      const student = await signedIn(t, 'STUDENT');
      await t.db.kysely.updateTable('user').set({ branch: 'me', semester: 7 }).where('id', '=', student.user.id).execute();
      for (let i = 0; i < 18; i++) {
        const role = i % 2 === 0 ? 'CR' : 'STUDENT';
        expect((await adminCall(t, admin.cookie, 'PATCH', `/users/${student.user.id}/role`, { role })).statusCode).toBe(200);
      }
      const first = (await adminCall(t, admin.cookie, 'GET', '/audit-log?page=1')).json();
      expect(first).toMatchObject({ total: 22, page: 1, pageSize: 20 });
      expect(first.entries).toHaveLength(20);
      expect(first.entries[0]).toMatchObject({ action: 'user.role_change', before: { role: 'CR' }, after: { role: 'STUDENT' } });
      const second = (await adminCall(t, admin.cookie, 'GET', '/audit-log?page=2')).json();
      expect(second).toMatchObject({ total: 22, page: 2 });
      expect(second.entries.map((e: { action: string }) => e.action)).toEqual(['admin_request.decline', 'admin_request.approve']);
      expect((await adminCall(t, admin.cookie, 'GET', '/audit-log?page=0')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

/**
 * Issue 32, finding 1: someone signs up with another person's address (their own password) asking
 * for admin. The request waits for the address's verification, and the owner opening the link
 * elsewhere than the sign-up's browser leaves that password dead (decision 032).
 */
describe(`admin-access requests of addresses nobody has verified (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Session;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN, PRODUCT_NAME: 'StudyShelf' });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const requestOf = async (userId: string) =>
    (await adminCall(t, admin.cookie, 'GET', '/admin-requests')).json().requests.find((r: { userId: string }) => r.userId === userId);
  const userRow = (email: string) => t.db.kysely.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const loginStatus = async (email: string, password: string) =>
    (await t.api.post('/api/auth/login', { email, password, rememberMe: false }, { remoteAddress: newClientAddress() })).statusCode;

  it('lists an unverified request as such and refuses to approve it; nothing changes', async () => {
    const body = signUpBody({ role: 'ADMIN', name: 'Sam Squatter' });
    expect((await postSignUp(t.app, body)).statusCode).toBe(201);
    const user = await userRow(body.email);
    const listed = await requestOf(user.id);
    expect(listed).toMatchObject({ email: body.email, emailVerified: false });

    const approve = await adminCall(t, admin.cookie, 'POST', `/admin-requests/${listed.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'NOT_VERIFIED', message: ADMIN_MESSAGES.requestNotVerified });
    expect((await userRow(body.email)).role).toBe('STUDENT');
    const row = await t.db.kysely.selectFrom('admin_access_request').selectAll().where('id', '=', listed.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', decided_by: null });
    expect(await t.db.kysely.selectFrom('audit_log').select('action').where('target_id', '=', String(listed.id)).execute()).toEqual([]);

    // Declining needs no verification: it grants nothing.
    expect((await adminCall(t, admin.cookie, 'POST', `/admin-requests/${listed.id}/decline`)).statusCode).toBe(200);
  });

  it("the owner verifying in another browser kills the squatter's password; approval then makes the owner admin", async () => {
    const squatterPassword = 'Squat2024takeover';
    const body = signUpBody({ role: 'ADMIN', name: 'Owner Name', password: squatterPassword, confirmPassword: squatterPassword });
    const signUp = await postSignUp(t.app, body);
    expect(signUp.statusCode).toBe(201);
    // The squatter's browser has a ticket too, from a sign-up of its own: it is not this one's.
    const own = await postSignUp(t.app, signUpBody(), '10.99.0.1');
    expect(own.statusCode).toBe(201);

    // The owner opens the link from the mail: no cookie at all, or someone else's ticket.
    const token = await verificationToken(sink, body.email);
    const verified = await t.api.post('/api/auth/verify-email', { token }, { as: 'studyshelf.sign_up_ticket=' + 'x'.repeat(43) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toBe(CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE);
    expect(Boolean((await userRow(body.email)).emailVerified)).toBe(true);
    expect(await loginStatus(body.email, squatterPassword)).toBe(401);

    // Now verified, the request can be approved; the squatter still cannot log in.
    const listed = await requestOf((await userRow(body.email)).id);
    expect(listed.emailVerified).toBe(true);
    expect((await adminCall(t, admin.cookie, 'POST', `/admin-requests/${listed.id}/approve`)).statusCode).toBe(200);
    expect(await loginStatus(body.email, squatterPassword)).toBe(401);

    // The owner got a link to choose the password, and with it they are in, as ADMIN.
    const resetMail = await sink.waitFor(`password mail to ${body.email}`, (m) => m.to.includes(body.email) && m.raw.includes('/reset-password?token='));
    const resetToken = new URL(linkFromMail(resetMail.raw, '/reset-password')).searchParams.get('token')!;
    const ownerPassword = 'Owner2024realpass';
    const reset = await t.api.post('/api/auth/reset-password', { token: resetToken, password: ownerPassword, confirmPassword: ownerPassword });
    expect(reset.statusCode, reset.body).toBe(200);
    const { cookie } = await login(t.app, body.email, ownerPassword);
    expect((await currentUser(t, cookie)).role).toBe('ADMIN');
    expect(await loginStatus(body.email, squatterPassword)).toBe(401);
  });

  it('verifying in the browser that signed up keeps its password, and the ticket is spent', async () => {
    const body = signUpBody({ role: 'ADMIN' });
    const signUp = await postSignUp(t.app, body);
    expect(signUpCookie(signUp)).toMatch(/^studyshelf\.sign_up_ticket=[A-Za-z0-9_-]{43}$/);
    expect(signUp.headers['set-cookie']).toMatch(/; Path=\/api\/auth\/verify-email; HttpOnly; SameSite=Lax$/);
    const token = await verificationToken(sink, body.email);
    const verified = await t.api.post('/api/auth/verify-email', { token }, { as: signUpCookie(signUp) });
    expect(verified.json().message).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect(await loginStatus(body.email, PASSWORD)).toBe(200);
    const user = await userRow(body.email);
    expect(await t.db.kysely.selectFrom('verification').select('id').where('identifier', '=', `sign-up-ticket:${user.id}`).execute()).toEqual([]);
  });
});
