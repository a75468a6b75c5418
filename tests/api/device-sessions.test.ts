import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../src/shared/sessions.js';
import { PASSWORD } from './helpers/accounts.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const LAB = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

describe(`signed-in devices (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs the user in from a browser that says `userAgent`; returns that browser's Cookie header. */
  async function loginFrom(email: string, userAgent: string): Promise<string> {
    const res = await t.api.post('/api/auth/login', { email, password: PASSWORD, rememberMe: false }, { headers: { 'user-agent': userAgent } });
    expect(res.statusCode, res.body).toBe(200);
    return ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  }
  // A route only a signed-in user may call.
  const me = (cookie: string) => t.api.get('/api/account/sessions', { as: cookie });
  const list = async (cookie: string) => {
    const res = await t.api.get('/api/account/sessions', { as: cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessions as { id: string; device: string; current: boolean; signedInAt: string; lastSeenAt: string }[];
  };
  const sessionRows = (userId: string) => t.db.kysely.selectFrom('session').select('id').where('userId', '=', userId).execute();

  it('lists each device by browser, this one first and marked, and never shows a token', async () => {
    const { user } = await signedIn(t, 'STUDENT');
    const phone = await loginFrom(user.email, PHONE);
    await loginFrom(user.email, LAPTOP);
    const res = await t.api.get('/api/account/sessions', { as: phone });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions;
    // signedIn's own login, the phone and the laptop.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.map((s: { device: string }) => s.device)).toContain('Firefox on Linux');
    for (const s of sessions) expect(Date.parse(s.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    const tokens = await t.db.kysely.selectFrom('session').select('token').where('userId', '=', user.id).execute();
    for (const { token } of tokens) expect(res.body).not.toContain(token);
  });

  it('ends one other device: its next request is 401, this one stays signed in', async () => {
    const { user } = await signedIn(t, 'STUDENT');
    const phone = await loginFrom(user.email, PHONE);
    const laptop = await loginFrom(user.email, LAPTOP);
    const laptopId = (await list(laptop)).find((s) => s.current)!.id;

    const ended = await t.api.delete(`/api/account/sessions/${laptopId}`, { as: phone });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: SESSION_MESSAGES.ended, ended: 1 });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await list(phone)).map((s) => s.id)).not.toContain(laptopId);
    const again = await t.api.delete(`/api/account/sessions/${laptopId}`, { as: phone });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SESSION_MESSAGES.notFound);
  });

  it("cannot end another user's session, and signed-out visitors get 401", async () => {
    const owner = await signedIn(t, 'STUDENT');
    const other = await signedIn(t, 'STUDENT');
    const [ownerSession] = await sessionRows(owner.user.id);
    const res = await t.api.delete(`/api/account/sessions/${ownerSession!.id}`, { as: other.cookie });
    expect(res.statusCode).toBe(404);
    expect(await sessionRows(owner.user.id)).toHaveLength(1);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await t.api.get('/api/account/sessions')).statusCode).toBe(401);
    expect((await t.api.post('/api/account/sessions/end-others')).statusCode).toBe(401);
  });

  it('signs out every other device at once', async () => {
    const { user, cookie: first } = await signedIn(t, 'CR');
    const phone = await loginFrom(user.email, PHONE);
    const lab = await loginFrom(user.email, LAB);
    const res = await t.api.post('/api/account/sessions/end-others', undefined, { as: phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SESSION_MESSAGES.othersEnded, ended: 2 });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(lab)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect(await list(phone)).toEqual([expect.objectContaining({ device: 'Chrome on Android', current: true })]);
  });

  it('lets an admin end every session of a user, audited; not their own, and not for anyone else', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const student = await signedIn(t, 'STUDENT');
    const phone = await loginFrom(student.user.email, PHONE);
    const cr = await signedIn(t, 'CR');

    const refused = await t.api.post(`/api/admin/users/${student.user.id}/end-sessions`, undefined, { as: cr.cookie });
    expect(refused.statusCode).toBe(403);
    expect((await me(phone)).statusCode).toBe(200);
    const own = await t.api.post(`/api/admin/users/${admin.user.id}/end-sessions`, undefined, { as: admin.cookie });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SESSION_MESSAGES.ownSessions);
    expect((await me(admin.cookie)).statusCode).toBe(200);

    const res = await t.api.post(`/api/admin/users/${student.user.id}/end-sessions`, undefined, { as: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SESSION_MESSAGES.userSessionsEnded, ended: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(student.cookie)).statusCode).toBe(401);
    expect(await sessionRows(student.user.id)).toHaveLength(0);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.sessions_end').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.user.id, target_id: student.user.id });
    expect(audit[0]!.summary).toContain('Ended 2 sessions');
    // They sign in again as usual.
    expect((await me(await loginFrom(student.user.email, LAPTOP))).statusCode).toBe(200);

    const unknown = await t.api.post('/api/admin/users/nobody/end-sessions', undefined, { as: admin.cookie });
    expect(unknown.statusCode).toBe(404);
  });
});

describe(`signed-in devices with the place a trusted proxy names (${testDialect})`, () => {
  let t: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', CLIENT_PLACE_HEADER: 'CF-IPCountry' });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const loginFrom = async (app: TestApp, email: string, place: string) => {
    const res = await app.api.post('/api/auth/login', { email, password: PASSWORD, rememberMe: false }, { headers: { 'user-agent': PHONE, 'cf-ipcountry': place } });
    expect(res.statusCode, res.body).toBe(200);
    return ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  };
  const places = async (app: TestApp, cookie: string) => {
    const res = await app.api.get('/api/account/sessions', { as: cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().sessions as { place: string | null; current: boolean }[]).map((s) => [s.current, s.place]);
  };

  it('shows the country the proxy named by its name, and nothing for "unknown"', async () => {
    const { user } = await signedIn(t, 'STUDENT');
    const india = await loginFrom(t, user.email, 'IN');
    await loginFrom(t, user.email, 'XX');
    expect(await places(t, india)).toEqual([
      [true, 'India'],
      // signedIn's own login (no header) and the unknown one: no place.
      [false, null],
      [false, null],
    ]);
  });

  it('keeps a place the proxy wrote out, without control characters, and ignores the header when none is configured', async () => {
    const { user } = await signedIn(t, 'STUDENT');
    const cookie = await loginFrom(t, user.email, 'Hyderabad,\u0007 IN');
    expect((await places(t, cookie))[0]).toEqual([true, 'Hyderabad, IN']);

    const other = await signedIn(plain, 'STUDENT');
    const unconfigured = await loginFrom(plain, other.user.email, 'IN');
    expect((await places(plain, unconfigured))[0]).toEqual([true, null]);
  });
});
