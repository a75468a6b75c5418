import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/shared/admin.js';
import { adminCall, currentUser } from './helpers/admin.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`admin dashboard: role changes and deleting users (${testDialect})`, () => {
  let t: TestApp;
  let admin: Session;
  let otherAdmin: Session;
  let cr: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    otherAdmin = await signedIn(t, 'ADMIN', 'Omar Admin');
    // signedIn() puts CRs and students in CSE semester 3: this CR holds one of its 2 seats.
    cr = await signedIn(t, 'CR', 'Chirag Rep');
  });
  afterAll(async () => {
    await t.close();
  });

  const setRole = (id: string, role: unknown, cookie = admin.cookie) =>
    adminCall(t, cookie, 'PATCH', `/users/${id}/role`, { role });
  const me = (cookie: string) => currentUser(t, cookie);
  const seatOf = (userId: string) =>
    t.db.kysely.selectFrom('class_rep_seat').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const auditRows = (action: string, targetId: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).execute();

  it('promotes a student to CR and back; each change counts on their very next request', async () => {
    const student = await signedIn(t, 'STUDENT', 'Priya Promoted');
    expect((await me(student.cookie)).role).toBe('STUDENT');

    const up = await setRole(student.user.id, 'CR');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ message: ADMIN_MESSAGES.roleChanged, user: { id: student.user.id, role: 'CR' } });
    expect((await me(student.cookie)).role).toBe('CR');
    expect(await seatOf(student.user.id)).toMatchObject({ branch_id: 'cse', semester: 3 });
    // As a CR they may upload now, without logging in again.
    expect((await upload(t, student.cookie)).statusCode).toBe(201);

    const down = await setRole(student.user.id, 'STUDENT');
    expect(down.statusCode, down.body).toBe(200);
    expect((await me(student.cookie)).role).toBe('STUDENT');
    expect(await seatOf(student.user.id)).toBeUndefined();

    const entries = await auditRows('user.role_change', student.user.id);
    expect(entries.map((e) => [JSON.parse(e.before_json!), JSON.parse(e.after_json!)])).toEqual([
      [{ role: 'STUDENT' }, { role: 'CR' }],
      [{ role: 'CR' }, { role: 'STUDENT' }],
    ]);
    expect(entries[0]).toMatchObject({ actor_id: admin.user.id, actor_name: 'Asha Admin', target_type: 'user' });
  });

  it('refuses a third CR in a class with a clear message and changes nothing; demoting frees the seat', async () => {
    const first = await signedIn(t, 'STUDENT');
    const second = await signedIn(t, 'STUDENT');
    expect((await setRole(first.user.id, 'CR')).statusCode).toBe(200);

    const refused = await setRole(second.user.id, 'CR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CR_CAP_REACHED',
      message: `${second.user.name} cannot become a CR: CSE semester 3 already has 2 CRs (the maximum per class is 2).`,
    });
    expect((await me(second.cookie)).role).toBe('STUDENT');
    expect(await seatOf(second.user.id)).toBeUndefined();
    expect(await auditRows('user.role_change', second.user.id)).toEqual([]);

    expect((await setRole(first.user.id, 'STUDENT')).statusCode).toBe(200);
    expect((await setRole(second.user.id, 'CR')).statusCode).toBe(200);
    expect((await me(second.cookie)).role).toBe('CR');
    expect((await setRole(second.user.id, 'STUDENT')).statusCode).toBe(200);
  });

  it('promotions race safely: of five parallel promotions in an empty class, exactly two win', async () => {
    const students = await Promise.all(Array.from({ length: 5 }, () => signedIn(t, 'STUDENT')));
    const ids = students.map((s) => s.user.id);
    await t.db.kysely.updateTable('user').set({ branch: 'ece', semester: 6 }).where('id', 'in', ids).execute();
    const results = await Promise.all(ids.map((id) => setRole(id, 'CR')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const seats = await t.db.kysely.selectFrom('class_rep_seat').selectAll().where('branch_id', '=', 'ece').execute();
    expect(seats).toHaveLength(2);
    const crs = await t.db.kysely.selectFrom('user').select('id').where('id', 'in', ids).where('role', '=', 'CR').execute();
    expect(crs.map((u) => u.id).sort()).toEqual(seats.map((s) => s.user_id).sort());
  });

  it('setting the role a user already has changes nothing and logs nothing', async () => {
    const student = await signedIn(t, 'STUDENT');
    const res = await setRole(student.user.id, 'STUDENT');
    expect(res.statusCode).toBe(200);
    expect(await auditRows('user.role_change', student.user.id)).toEqual([]);
  });

  it('never changes an admin, oneself, an unknown user, or to a role outside STUDENT/CR', async () => {
    const other = await setRole(otherAdmin.user.id, 'STUDENT');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ADMIN_MESSAGES.adminRoleLocked);
    expect((await me(otherAdmin.cookie)).role).toBe('ADMIN');

    const self = await setRole(admin.user.id, 'STUDENT');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.ownRole);

    expect((await setRole('no-such-user', 'CR')).statusCode).toBe(404);
    for (const role of ['ADMIN', 'BOSS', '', 3, null]) {
      const res = await setRole(cr.user.id, role);
      expect(res.statusCode, String(role)).toBe(400);
      expect(res.json().message).toContain(ADMIN_MESSAGES.roleInvalid);
    }
    expect((await me(cr.cookie)).role).toBe('CR');
  });

  it('deletes a user: their sessions end at once, their seat is freed, their uploads stay without an uploader', async () => {
    const leaving = await signedIn(t, 'CR', 'Leena Leaving');
    const uploaded = await upload(t, leaving.cookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const resourceId = uploaded.json().resource.id;
    expect(await seatOf(leaving.user.id)).toBeDefined();

    const res = await adminCall(t, admin.cookie, 'DELETE', `/users/${leaving.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_MESSAGES.userDeleted);

    expect(await me(leaving.cookie)).toBeNull();
    const sessions = await t.db.kysely.selectFrom('session').select('id').where('userId', '=', leaving.user.id).execute();
    expect(sessions).toEqual([]);
    const accounts = await t.db.kysely.selectFrom('account').select('id').where('userId', '=', leaving.user.id).execute();
    expect(accounts).toEqual([]);
    expect(await seatOf(leaving.user.id)).toBeUndefined();

    const resource = await t.api.get(`/api/resources/${resourceId}`, { as: admin });
    expect(resource.statusCode).toBe(200);
    expect(resource.json().resource).toMatchObject({ uploadedBy: null, uploadedByName: null });

    const [entry] = await auditRows('user.delete', leaving.user.id);
    expect(entry).toMatchObject({ actor_id: admin.user.id, after_json: null });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ name: 'Leena Leaving', email: leaving.user.email, role: 'CR' });

    const again = await adminCall(t, admin.cookie, 'DELETE', `/users/${leaving.user.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ADMIN_MESSAGES.userNotFound);
  });

  it('never deletes an admin or oneself', async () => {
    const other = await adminCall(t, admin.cookie, 'DELETE', `/users/${otherAdmin.user.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ADMIN_MESSAGES.adminUndeletable);
    const self = await adminCall(t, admin.cookie, 'DELETE', `/users/${admin.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.ownAccount);
    expect((await me(otherAdmin.cookie))?.id).toBe(otherAdmin.user.id);
    expect((await me(admin.cookie))?.id).toBe(admin.user.id);
    expect(await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.delete').where('target_id', 'in', [admin.user.id, otherAdmin.user.id]).execute()).toEqual([]);
  });

  it('deleting a resource is logged with its details', async () => {
    const uploaded = await upload(t, cr.cookie, { fields: { subject: 'Audited Subject' } });
    const id = uploaded.json().resource.id;
    const res = await t.api.delete(`/api/resources/${id}`, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await auditRows('resource.delete', id);
    expect(entry).toMatchObject({ actor_name: 'Asha Admin', target_type: 'resource', after_json: null });
    expect(entry!.summary).toContain('"Audited Subject" (Notes, sem3, CSE, 2024-25)');
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ id, subject: 'Audited Subject', uploadedBy: cr.user.id });
  });
});
