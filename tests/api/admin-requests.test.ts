import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/shared/admin.js';
import { mailText } from '../support/mail-text.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createVerifiedUser, DOMAIN, login } from './helpers/accounts.js';
import { adminCall, currentUser } from './helpers/admin.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`admin dashboard: admin-access requests and the audit log (${testDialect})`, () => {
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

  /** Signs up asking for admin access (a student with a pending request), verified and logged in. */
  async function requester(name: string, on: TestApp = t) {
    const body = await createVerifiedUser(on.app, sink, { role: 'ADMIN', name });
    const { cookie } = await login(on.app, body.email);
    const user = await currentUser(on, cookie);
    return { cookie, user, email: body.email };
  }

  /** The decision mail to this address (the verification mail came first). */
  async function decisionMail(to: string, word: string) {
    for (let i = 0; i < 100; i++) {
      const mail = sink.mails.find((m) => m.to.includes(to) && m.raw.includes(`request was ${word}`));
      if (mail) return mailText(mail.raw);
      await sleep(50);
    }
    throw new Error(`no "${word}" mail to ${to}`);
  }

  const pending = async () => (await adminCall(t, admin.cookie, 'GET', '/admin-requests')).json().requests;
  const me = (cookie: string) => currentUser(t, cookie);

  it('lists pending requests newest first, approves one (mailed, ADMIN at once) and declines another', async () => {
    const ada = await requester('Ada Approved');
    await sleep(5);
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
