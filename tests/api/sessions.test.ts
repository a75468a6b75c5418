import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, login } from './helpers/accounts.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Who a request belongs to: better-auth's session, read on every request, never stale.
 */
describe(`session on every request (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (cookie: string) => {
    const res = await t.api.get('/api/auth/me', { as: cookie });
    expect(res.statusCode).toBe(200);
    return res.json().user as { id: string; role: string } | null;
  };
  const sessionCookie = (cookie: string) => cookie.split('; ').find((c) => c.includes('session_token='))!;
  /** The stored form of a date in this dialect (SQLite keeps ISO text, PostgreSQL a timestamp). */
  const stored = (date: Date) => (testDialect === 'sqlite' ? date.toISOString() : date) as string;
  const sessionRows = (userId: string) =>
    t.db.kysely.selectFrom('session').select(['token', 'expiresAt']).where('userId', '=', userId).execute();

  it('a signed session cookie is the user; a forged or altered one is nobody', async () => {
    const { cookie, user } = await signedIn(t, 'STUDENT');
    expect((await me(cookie))?.id).toBe(user.id);
    const [name, value] = sessionCookie(cookie).split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const [token, signature] = [decoded.slice(0, decoded.lastIndexOf('.')), decoded.slice(decoded.lastIndexOf('.') + 1)];
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    for (const bad of [
      `${name}=${encodeURIComponent(`${flipped}.${signature}`)}`, // another token, old signature
      `${name}=${encodeURIComponent(token)}`, // unsigned
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`, // wrong signature
      `${name}=garbage`,
    ]) {
      expect(await me(bad), bad).toBeNull();
    }
  });

  it('a role change or a deletion counts on the very next request', async () => {
    const { cookie, user } = await signedIn(t, 'STUDENT');
    expect((await me(cookie))?.role).toBe('STUDENT');
    await t.db.kysely.updateTable('user').set({ role: 'CR' }).where('id', '=', user.id).execute();
    expect((await me(cookie))?.role).toBe('CR');
    await t.db.kysely.deleteFrom('session').where('userId', '=', user.id).execute();
    expect(await me(cookie)).toBeNull();
  });

  it('after logout the same cookie is nobody', async () => {
    const { cookie } = await signedIn(t, 'CR');
    const out = await t.api.post('/api/auth/logout', undefined, { as: cookie, headers: { origin: t.config.publicUrl } });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect(await me(cookie)).toBeNull();
  });

  it('an expired session is nobody and is removed', async () => {
    const { cookie, user } = await signedIn(t, 'STUDENT');
    await t.db.kysely.updateTable('session').set({ expiresAt: stored(new Date(Date.now() - 1000)) }).where('userId', '=', user.id).execute();
    const res = await t.api.get('/api/auth/me', { as: cookie });
    expect(res.json().user).toBeNull();
    expect(await sessionRows(user.id)).toEqual([]);
    // The browser is told to forget the dead cookie.
    const sent = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='));
    expect(sent).toMatch(/Max-Age=0/i);
  });

  it('a remembered session used after a day is extended (better-auth renews it)', async () => {
    const { cookie: first, user } = await signedIn(t, 'STUDENT');
    // Sign in again with "remember me", which keeps the session for 30 days, renewed daily.
    const { cookie } = await login(t.app, user.email, undefined, true);
    expect(cookie).not.toContain('dont_remember');
    expect(first).toContain('dont_remember');
    const [row] = (await sessionRows(user.id)).filter((r) => decodeURIComponent(sessionCookie(cookie)).includes(r.token));
    // As if created 2 days ago: 28 days left, past the daily renewal point.
    const aged = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await t.db.kysely.updateTable('session').set({ expiresAt: stored(aged) }).where('token', '=', row!.token).execute();
    const res = await t.api.get('/api/auth/me', { as: cookie });
    expect(res.json().user?.id).toBe(user.id);
    const [renewed] = (await sessionRows(user.id)).filter((r) => r.token === row!.token);
    expect(new Date(renewed!.expiresAt).getTime()).toBeGreaterThan(aged.getTime() + 24 * 3600 * 1000);
    // The browser's cookie is renewed with it: same session, a fresh 30-day lifetime.
    const sent = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='));
    expect(sent).toBeDefined();
    expect(decodeURIComponent(sent!)).toContain(row!.token);
    expect(Number(/Max-Age=(\d+)/i.exec(sent!)?.[1])).toBeGreaterThan(29 * 24 * 3600);
    // The next request is answered by the quick path again, with nothing to renew.
    const again = await t.api.get('/api/auth/me', { as: cookie });
    expect(again.json().user?.id).toBe(user.id);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a login that leaves out "remember me" is remembered: the cookie outlives the browser for 30 days', async () => {
    const { user } = await signedIn(t, 'STUDENT');
    const res = await t.api.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((c) => c.includes('dont_remember'))).toBe(false);
    const session = cookies.find((c) => c.includes('session_token='));
    expect(Number(/Max-Age=(\d+)/i.exec(session ?? '')?.[1])).toBeGreaterThan(29 * 24 * 3600);
  });
});
