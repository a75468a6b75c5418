import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/account.js';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/two-factor.js';
import { PASSWORD, totpCodeFor, withSetCookies } from './helpers/accounts.js';
import { upload, verifiedUser } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** The Cookie header a browser holds after this answer's Set-Cookie lines. */
const cookiesFrom = (res: { headers: Record<string, unknown> }, before = '') =>
  withSetCookies(before, ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []));

/**
 * REQUIRE_2FA_FOR on the API (decision 055): a password sign-in of a role that must use
 * two-factor sign-in and has not set it up reaches only what the set-up needs.
 */
describe.each([
  ['admin', ['ADMIN'], ['CR', 'STUDENT']],
  ['admin,cr', ['ADMIN', 'CR'], ['STUDENT']],
] as const)(`REQUIRE_2FA_FOR=%s on the API (${testDialect})`, (setting, required, free) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_2FA_FOR: setting });
  });
  afterAll(async () => {
    await t.close();
  });

  const passwordLogin = async (email: string) => {
    const res = await t.api.post('/api/auth/login', { email, password: PASSWORD, rememberMe: false });
    expect(res.statusCode, res.body).toBe(200);
    return { answer: res.json(), cookie: cookiesFrom(res) };
  };
  /** What the role's own work answers: an upload for a CR or an admin, the users list for an admin. */
  const roleWork = (role: Role, cookie: string) =>
    role === 'ADMIN' ? [t.api.get('/api/admin/users', { as: cookie }), upload(t, cookie)] : [upload(t, cookie)];

  it.each(required)('refuses a %s without it everything but the set-up, until a code confirms it', async (role) => {
    const user = await verifiedUser(t, role);
    const { answer, cookie } = await passwordLogin(user.email);
    expect(answer).toMatchObject({ user: { id: user.id, twoFactorSetupRequired: true }, twoFactorSetupRequired: true });

    for (const res of await Promise.all([...roleWork(role, cookie), t.api.get('/api/shelf/ids', { as: cookie })])) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: TWO_FACTOR_MESSAGES.setupRequired });
    }
    // What the set-up needs still answers: who am I, account settings, the branch list.
    expect((await t.api.get('/api/auth/me', { as: cookie })).json().user).toMatchObject({ id: user.id, twoFactorSetupRequired: true });
    expect((await t.api.get('/api/account/sessions', { as: cookie })).statusCode).toBe(200);
    expect((await t.api.get('/api/catalogue/branches', { as: cookie })).statusCode).toBe(200);
    expect((await t.api.get('/api/account/two-factor', { as: cookie })).json()).toEqual({ enabled: false, required: true });

    const setup = await t.api.post('/api/account/two-factor/enable', { password: PASSWORD }, { as: cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const confirmed = await t.api.post('/api/account/two-factor/confirm', { code: await totpCodeFor(setup.json().secret) }, { as: cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const renewed = cookiesFrom(confirmed, cookie);

    expect((await t.api.get('/api/auth/me', { as: renewed })).json().user.twoFactorSetupRequired).toBeUndefined();
    for (const res of await Promise.all(roleWork(role, renewed))) expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it.each(free)('leaves a %s alone', async (role) => {
    const user = await verifiedUser(t, role);
    const { answer, cookie } = await passwordLogin(user.email);
    expect(answer.twoFactorSetupRequired).toBeUndefined();
    expect(answer.user.twoFactorSetupRequired).toBeUndefined();
    expect((await t.api.get('/api/shelf/ids', { as: cookie })).statusCode).toBe(200);
    if (role === 'CR') expect((await upload(t, cookie)).statusCode).toBe(201);
  });
});

describe(`REQUIRE_2FA_FOR and sign-out (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an administrator who owes the set-up sign out', async () => {
    const user = await verifiedUser(t, 'ADMIN');
    const login = await t.api.post('/api/auth/login', { email: user.email, password: PASSWORD, rememberMe: false });
    const cookie = cookiesFrom(login);
    expect((await t.api.post('/api/auth/logout', undefined, { as: cookie })).statusCode).toBe(200);
    expect((await t.api.get('/api/auth/me', { as: cookie })).json().user).toBeNull();
  });
});
