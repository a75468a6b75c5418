import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, crCapMessage } from '../../src/shared/account.js';
import { ACCOUNT_SETTINGS_MESSAGES } from '../../src/shared/account-settings.js';
import { PASSWORD, login } from './helpers/accounts.js';
import { REQUEST_BODY, call, member } from './helpers/requests.js';
import { upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const NEW_PASSWORD = 'Lantern-harbor-7-quilt';

/** Issue 14, account settings: profile and class, password, deleting one's own account. */
describe(`account settings (${testDialect})`, () => {
  let t: TestApp;
  // A fresh app for each test, so no test sees another's rows, files or counts (any order passes).
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (cookie: string | undefined, method: 'PATCH' | 'POST' | 'DELETE', url: string, payload: Record<string, unknown>) =>
    t.api.request(method, `/api/account${url}`, payload, { as: cookie });
  const saveProfile = (cookie: string | undefined, profile: Record<string, unknown>) => send(cookie, 'PATCH', '/profile', profile);
  const me = async (cookie: string) =>
    (await t.api.get('/api/auth/me', { as: cookie })).json().user as Record<string, unknown> | null;
  const seatsOf = (branch: string, semester: number) =>
    t.db.kysely.selectFrom('class_rep_seat').select('user_id').where('branch_id', '=', branch).where('semester', '=', semester).execute()
      .then((rows) => rows.map((r) => r.user_id).sort());
  const seatOf = (userId: string) =>
    t.db.kysely.selectFrom('class_rep_seat').select(['branch_id', 'semester']).where('user_id', '=', userId).executeTakeFirst();
  const audit = (action: string, targetId: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).execute();
  const cookieOf = (setCookie: string | string[] | undefined) =>
    ([] as string[]).concat(setCookie ?? []).map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('=')).join('; ');

  it('the only administrator cannot delete their account; with a second one they can', async () => {
    // First in the file: no other administrator exists yet in this database.
    const first = await member(t, 'ADMIN', { branch: '', semester: 0 });
    const refused = await send(first.cookie, 'DELETE', '', { password: PASSWORD });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LAST_ADMIN', message: ACCOUNT_SETTINGS_MESSAGES.lastAdmin });
    expect((await me(first.cookie))?.id).toBe(first.user.id);

    const second = await member(t, 'ADMIN', { branch: '', semester: 0 });
    expect((await send(first.cookie, 'DELETE', '', { password: PASSWORD })).statusCode).toBe(200);
    expect((await send(second.cookie, 'DELETE', '', { password: PASSWORD })).statusCode).toBe(409);
    expect((await me(second.cookie))?.role).toBe('ADMIN');
  });

  it('a student changes name, class and session; a class change is audited, a name change is not', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 }, 'Sana Student');
    const res = await saveProfile(student.cookie, { name: '  Sana K ', branch: 'IT', semester: '4', session: '2024-25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_SETTINGS_MESSAGES.profileSaved);
    expect(res.json().user).toMatchObject({ name: 'Sana K', branch: 'it', semester: 4, session: '2024-25', role: 'STUDENT' });
    expect(await me(student.cookie)).toMatchObject({ name: 'Sana K', branch: 'it', semester: 4, session: '2024-25' });

    const [entry] = await audit('user.class_change', student.user.id);
    expect(entry).toMatchObject({ actor_id: student.user.id, target_type: 'user' });
    expect(JSON.parse(entry!.before_json!)).toEqual({ branch: 'cse', semester: 3 });
    expect(JSON.parse(entry!.after_json!)).toEqual({ branch: 'it', semester: 4 });

    const renamed = await saveProfile(student.cookie, { name: 'Sana Kapoor', branch: 'it', semester: 4, session: '2024-25' });
    expect(renamed.statusCode).toBe(200);
    expect(await audit('user.class_change', student.user.id)).toHaveLength(1);
  });

  it('refuses a blank name, a missing class, an unknown branch, a bad session; signed out is 401', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const valid = { name: 'Valid Name', branch: 'cse', semester: 3, session: '2024-25' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, name: '   ' }, 'name', ACCOUNT_MESSAGES.nameRequired],
      [{ ...valid, branch: '' }, 'branch', ACCOUNT_MESSAGES.branchRequired],
      [{ ...valid, semester: '' }, 'semester', ACCOUNT_MESSAGES.semesterInvalid],
      [{ ...valid, semester: 9 }, 'semester', ACCOUNT_MESSAGES.semesterInvalid],
      [{ ...valid, session: '' }, 'session', ACCOUNT_MESSAGES.sessionRequired],
      [{ ...valid, session: '2024' }, 'session', ACCOUNT_MESSAGES.sessionFormat],
      [{ ...valid, branch: 'xyz' }, 'branch', ACCOUNT_SETTINGS_MESSAGES.branchUnknown],
    ];
    for (const [body, field, message] of cases) {
      const res = await saveProfile(student.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
      expect(res.json().message).toContain(message);
    }
    expect(await me(student.cookie)).toMatchObject({ branch: 'cse', semester: 3, session: '2024-25' });
    expect((await saveProfile(undefined, valid)).statusCode).toBe(401);

    // An administrator belongs to no class: blank is fine, a class changes nothing about the role.
    const admin = await member(t, 'ADMIN', { branch: '', semester: 0 });
    const blank = await saveProfile(admin.cookie, { name: 'Ada Admin', branch: '', semester: '', session: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    const placed = await saveProfile(admin.cookie, { name: 'Ada Admin', branch: 'ee', semester: 2, session: '' });
    expect(placed.json().user).toMatchObject({ role: 'ADMIN', branch: 'ee', semester: 2 });
    expect(await seatOf(admin.user.id)).toBeUndefined();
  });

  it('a CR moving into a full class gets the cap message and keeps the old seat; into a free class the seat moves', async () => {
    await member(t, 'CR', { branch: 'it', semester: 6 });
    await member(t, 'CR', { branch: 'it', semester: 6 });
    const fullBefore = await seatsOf('it', 6);
    const cr = await member(t, 'CR', { branch: 'me', semester: 2 }, 'Ravi Rep');

    const full = await saveProfile(cr.cookie, { name: 'Ravi Rep', branch: 'it', semester: 6, session: '2024-25' });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CR_CAP_REACHED', message: crCapMessage(2, 6, 2), field: 'semester' });
    expect(await seatOf(cr.user.id)).toEqual({ branch_id: 'me', semester: 2 });
    expect(await seatsOf('it', 6)).toEqual(fullBefore);
    expect(await me(cr.cookie)).toMatchObject({ role: 'CR', branch: 'me', semester: 2 });
    expect(await audit('user.class_change', cr.user.id)).toEqual([]);

    const moved = await saveProfile(cr.cookie, { name: 'Ravi Rep', branch: 'it', semester: 7, session: '2024-25' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user).toMatchObject({ role: 'CR', branch: 'it', semester: 7 });
    expect(await seatOf(cr.user.id)).toEqual({ branch_id: 'it', semester: 7 });
    expect(await seatsOf('me', 2)).toEqual([]);
  });

  it('two CRs moving into the last free seat at once: exactly one gets it', async () => {
    const holder = await member(t, 'CR', { branch: 'ece', semester: 5 });
    const a = await member(t, 'CR', { branch: 'ece', semester: 1 });
    const b = await member(t, 'CR', { branch: 'ece', semester: 2 });
    const target = { branch: 'ece', semester: 5, session: '2024-25' };
    const results = await Promise.all([
      saveProfile(a.cookie, { ...target, name: 'A' }),
      saveProfile(b.cookie, { ...target, name: 'B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await seatsOf('ece', 5)).toEqual([holder.user.id, winner.user.id].sort());
    expect(await seatOf(loser.user.id)).toEqual({ branch_id: 'ece', semester: loser === a ? 1 : 2 });
  });

  it('a password change needs the current password and a strong new one; other sessions end, this one stays', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const other = await login(t.app, student.email);
    const change = (cookie: string, body: Record<string, unknown>) => send(cookie, 'POST', '/password', body);

    const wrong = await change(student.cookie, { currentPassword: 'Not-my-password-9', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', message: ACCOUNT_SETTINGS_MESSAGES.currentPasswordWrong });

    const weak = await change(student.cookie, { currentPassword: PASSWORD, newPassword: 'Password123', confirmPassword: 'Password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    expect(weak.json().message).toMatch(/^Password is too easy to guess\. .+/);

    const rules = await change(student.cookie, { currentPassword: PASSWORD, newPassword: 'lowercase only', confirmPassword: 'lowercase only' });
    expect(rules.statusCode).toBe(400);
    expect(rules.json()).toMatchObject({ field: 'newPassword' });
    expect(rules.json().message).toContain(ACCOUNT_MESSAGES.passwordRules);

    const mismatch = await change(student.cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ field: 'confirmPassword' });
    const same = await change(student.cookie, { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'newPassword' });
    expect(same.json().message).toContain(ACCOUNT_SETTINGS_MESSAGES.samePassword);
    // Nothing so far changed anything: both sessions still work.
    expect((await me(other.cookie))?.id).toBe(student.user.id);

    const done = await change(student.cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ACCOUNT_SETTINGS_MESSAGES.passwordChanged);
    const renewed = cookieOf(done.headers['set-cookie']);
    expect(renewed).toContain('session_token=');
    expect((await me(renewed))?.id).toBe(student.user.id);
    // The renewed session ends when the old one would have (a day: it was not "remember me").
    const rows = await t.db.kysely.selectFrom('session').select('expiresAt').where('userId', '=', student.user.id).execute();
    expect(rows).toHaveLength(1);
    const endsInHours = (new Date(rows[0]!.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(endsInHours).toBeGreaterThan(23);
    expect(endsInHours).toBeLessThan(25);

    // The other browser is signed out: /me is nobody and a signed-in route answers 401.
    expect(await me(other.cookie)).toBeNull();
    expect((await call(t, other.cookie, 'GET', '/requests/mine')).statusCode).toBe(401);
    expect((await saveProfile(other.cookie, { name: 'X', branch: 'cse', semester: 3, session: '2024-25' })).statusCode).toBe(401);

    const oldLogin = await t.api.post('/api/auth/login', { email: student.email, password: PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    expect((await login(t.app, student.email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it('deleting needs the password; the account and its sessions go, uploads stay as by a deleted account', async () => {
    const admin = await member(t, 'ADMIN', { branch: '', semester: 0 });
    const cr = await member(t, 'CR', { branch: 'cse', semester: 5 }, 'Dev Deleting');
    const elsewhere = await login(t.app, cr.email);
    const uploaded = await upload(t, cr.cookie, { fields: { branch: 'cse', semester: '5' } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const resourceId = uploaded.json().resource.id as string;
    const asked = await call(t, cr.cookie, 'POST', '/requests', REQUEST_BODY);
    expect(asked.statusCode, asked.body).toBe(201);

    const wrong = await send(cr.cookie, 'DELETE', '', { password: 'Not-my-password-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'password', message: ACCOUNT_SETTINGS_MESSAGES.currentPasswordWrong });
    expect((await send(cr.cookie, 'DELETE', '', { password: '' })).statusCode).toBe(400);
    expect((await me(cr.cookie))?.id).toBe(cr.user.id);

    const res = await send(cr.cookie, 'DELETE', '', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_SETTINGS_MESSAGES.accountDeleted);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => /session_token=;/.test(c))).toBe(true);

    expect(await me(cr.cookie)).toBeNull();
    expect(await me(elsewhere.cookie)).toBeNull();
    expect(await t.db.kysely.selectFrom('user').select('id').where('id', '=', cr.user.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('session').select('id').where('userId', '=', cr.user.id).execute()).toEqual([]);
    expect(await seatOf(cr.user.id)).toBeUndefined();
    const relogin = await t.api.post('/api/auth/login', { email: cr.email, password: PASSWORD });
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);

    // The upload stays; admins see it as by a deleted account (no uploader, no name).
    const resource = await t.api.get(`/api/resources/${resourceId}`, { as: admin });
    expect(resource.statusCode).toBe(200);
    expect(resource.json().resource).toMatchObject({ id: resourceId, uploadedBy: null, uploadedByName: null });
    // The request stays for others who want it; this user's support of it is gone.
    const requestId = asked.json().request.id as string;
    expect(await t.db.kysely.selectFrom('resource_request').select('requested_by').where('id', '=', requestId).executeTakeFirst()).toEqual({
      requested_by: null,
    });
    expect(await t.db.kysely.selectFrom('request_supporter').selectAll().where('request_id', '=', requestId).execute()).toEqual([]);

    const [entry] = await audit('user.self_delete', cr.user.id);
    expect(entry).toMatchObject({ actor_id: cr.user.id, after_json: null });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ name: 'Dev Deleting', email: cr.email, role: 'CR', branch: 'cse', semester: 5 });
  });
});
