import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/account.js';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/two-factor.js';
import { newClientAddress, PASSWORD } from './helpers/accounts.js';
import { signedIn, verifiedUser } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** The code an authenticator app shows now for this (base32) secret: better-auth's own TOTP. */
const codeFor = (secret: string) => createOTP(base32.decode(secret)).totp();

/** The Cookie header a browser holds after these Set-Cookie lines (removed cookies left out). */
function cookiesFrom(res: { headers: Record<string, unknown> }): string {
  return ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe(`two-factor sign-in (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const loginStep = (email: string, remoteAddress = '127.0.0.1') =>
    t.api.post('/api/auth/login', { email, password: PASSWORD, rememberMe: false }, { remoteAddress });
  const codeStep = (challenge: string, code: string, kind: 'totp' | 'backup' = 'totp', remoteAddress = '127.0.0.1') =>
    t.api.post('/api/auth/login/two-factor', { code, kind }, { as: challenge, remoteAddress });
  const signedInAs = async (cookie: string) => (await t.api.get('/api/auth/me', { as: cookie })).json().user;

  /** A user of `role` who has set up and confirmed two-factor sign-in. */
  async function enrolled(role: Role = 'STUDENT') {
    const user = await verifiedUser(t, role);
    const cookie = cookiesFrom(await loginStep(user.email));
    const setup = await t.api.post('/api/account/two-factor/enable', { password: PASSWORD }, { as: cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
    const confirmed = await t.api.post('/api/account/two-factor/confirm', { code: await codeFor(secret) }, { as: cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { user, secret, backupCodes, cookie: cookiesFrom(confirmed) };
  }

  it('enrols: password first, then the secret and ten backup codes, on only after a first code', async () => {
    const { user, cookie } = await signedIn(t, 'STUDENT');
    expect((await t.api.get('/api/account/two-factor', { as: cookie })).json()).toEqual({ enabled: false, required: false });

    const wrong = await t.api.post('/api/account/two-factor/enable', { password: 'not-my-password' }, { as: cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');

    const setup = await t.api.post('/api/account/two-factor/enable', { password: PASSWORD }, { as: cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { totpUri, secret, backupCodes } = setup.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    expect(new URL(totpUri).searchParams.get('issuer')).toBe(t.config.public.productName);
    expect(backupCodes).toHaveLength(10);
    // Not on until a code confirms the app has the secret.
    expect((await t.api.get('/api/account/two-factor', { as: cookie })).json().enabled).toBe(false);

    const badCode = await t.api.post('/api/account/two-factor/confirm', { code: '000000' }, { as: cookie });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    const confirmed = await t.api.post('/api/account/two-factor/confirm', { code: await codeFor(secret) }, { as: cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(TWO_FACTOR_MESSAGES.enabled);
    const renewed = cookiesFrom(confirmed);
    expect((await t.api.get('/api/account/two-factor', { as: renewed })).json()).toEqual({ enabled: true, required: false });
    // The secret and backup codes are stored encrypted, never as given out.
    const rows = await t.db.kysely.selectFrom('twoFactor').selectAll().where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(backupCodes[0]);
  });

  it('signs in with a password and then a code computed from the secret', async () => {
    const { user, secret } = await enrolled();
    const first = await loginStep(user.email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ user: null, twoFactorRequired: true });
    const challenge = cookiesFrom(first);
    // The password alone opens no session.
    expect(await signedInAs(challenge)).toBeNull();

    const second = await codeStep(challenge, await codeFor(secret));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(await signedInAs(cookiesFrom(second))).toMatchObject({ id: user.id });
  });

  it('accepts a backup code once', async () => {
    const { user, backupCodes } = await enrolled();
    const challenge = cookiesFrom(await loginStep(user.email));
    const used = await codeStep(challenge, backupCodes[0]!, 'backup');
    expect(used.statusCode, used.body).toBe(200);
    expect(await signedInAs(cookiesFrom(used))).toMatchObject({ id: user.id });

    const again = await codeStep(cookiesFrom(await loginStep(user.email)), backupCodes[0]!, 'backup');
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
  });

  it('counts wrong codes with wrong passwords: the sixth try is 429, even with the right code', async () => {
    const { user, secret } = await enrolled();
    const ip = newClientAddress();
    const challenge = cookiesFrom(await loginStep(user.email, ip));
    for (let i = 0; i < 5; i++) {
      const wrong = await codeStep(challenge, '000000', 'totp', ip);
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const throttled = await codeStep(challenge, await codeFor(secret), 'totp', ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_ATTEMPTS');
    // The same throttle as passwords: the password step is refused too, from any address.
    expect((await loginStep(user.email, newClientAddress())).statusCode).toBe(429);
  });

  it('refuses a code without a challenge from the password step', async () => {
    const res = await codeStep('', '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('turns off after the password; the next login needs no code', async () => {
    const { user, cookie } = await enrolled();
    const wrong = await t.api.post('/api/account/two-factor/disable', { password: 'not-my-password' }, { as: cookie });
    expect(wrong.statusCode).toBe(400);
    const off = await t.api.post('/api/account/two-factor/disable', { password: PASSWORD }, { as: cookie });
    expect(off.statusCode, off.body).toBe(200);
    const login = await loginStep(user.email);
    expect(login.json().user).toMatchObject({ id: user.id });
  });

  it('deletes the secret with the account', async () => {
    const { user, cookie } = await enrolled();
    const res = await t.api.request('DELETE', '/api/account', { password: PASSWORD }, { as: cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.kysely.selectFrom('twoFactor').select('id').where('userId', '=', user.id).execute()).toEqual([]);
  });

  it('sends an administrator without two-factor to set it up, and keeps it on for them', async () => {
    const user = await verifiedUser(t, 'ADMIN');
    const login = await loginStep(user.email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { id: user.id }, twoFactorSetupRequired: true });
    expect((await t.api.get('/api/account/two-factor', { as: cookiesFrom(login) })).json()).toEqual({ enabled: false, required: true });
    // A student is not asked.
    const student = await signedIn(t, 'STUDENT');
    expect((await loginStep(student.user.email)).json().twoFactorSetupRequired).toBeUndefined();

    const admin = await enrolled('ADMIN');
    const refused = await t.api.post('/api/account/two-factor/disable', { password: PASSWORD }, { as: admin.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.requiredCannotDisable);
  });
});

describe(`two-factor sign-in required for CRs too (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_2FA_FOR: 'admin,cr' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a CR without it to set it up; a student is not asked', async () => {
    const cr = await verifiedUser(t, 'CR');
    const login = await t.api.post('/api/auth/login', { email: cr.email, password: PASSWORD, rememberMe: false });
    expect(login.json()).toMatchObject({ user: { id: cr.id }, twoFactorSetupRequired: true });
    expect((await t.api.get('/api/account/two-factor', { as: cookiesFrom(login) })).json()).toEqual({ enabled: false, required: true });
    const student = await signedIn(t, 'STUDENT');
    expect((await t.api.get('/api/account/two-factor', { as: student.cookie })).json()).toEqual({ enabled: false, required: false });
  });
});
