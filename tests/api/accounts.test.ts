import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASHING, loadConfig } from '../../src/server/config.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';
import { allMailsSent, createVerifiedUser, DOMAIN, login, PASSWORD, postSignUp, signUpBody } from './helpers/accounts.js';
import { createTestApp, TEST_PASSWORD_HASHING, testDialect, type TestApp } from './helpers/test-app.js';

const INSTITUTION = 'Test University';

describe(`accounts (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      SMTP_URL: sink.url,
      INSTITUTION_EMAIL_DOMAIN: DOMAIN,
      INSTITUTION_NAME: INSTITUTION,
      PUBLIC_URL: 'http://shelf.test-uni.edu',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const signUp = (body: Record<string, unknown>) => postSignUp(t.app, body);

  describe('sign-up validation, in SPEC order', () => {
    it.each([
      [{ name: '  ', email: 'bad', branch: '' }, 'name', 'Name is required!'],
      [{ email: 'someone@gmail.com', branch: '' }, 'email', `Please use your ${INSTITUTION} email address!`],
      [{ branch: '', semester: '9' }, 'branch', 'Branch is required!'],
      [{ semester: '9', password: 'x' }, 'semester', 'Please enter a valid semester (1-8)!'],
      [{ semester: '', password: 'x' }, 'semester', 'Please enter a valid semester (1-8)!'],
      [{ password: 'short', confirmPassword: 'other' }, 'password', 'Password must be at least 8 characters!'],
      [{ confirmPassword: 'Different1x' }, 'confirmPassword', "Passwords don't match!"],
      [{ session: ' ' }, 'session', 'Session is required!'],
      [{ password: 'alllowercase1', confirmPassword: 'alllowercase1' }, 'password', 'Password must be at least 8 characters and contain uppercase, lowercase and numbers'],
      [{ session: '2023-2024' }, 'session', 'Invalid session format (YYYY-YY)'],
      [{ role: 'SUPERUSER' }, 'role', 'Invalid user role selected'],
      [{ password: 'Password1', confirmPassword: 'Password1' }, 'password', /^Password is too easy to guess\. This is a commonly used password\./],
    ])('%j -> %s: %s', async (overrides, field, message) => {
      const res = await signUp(signUpBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    });

    it.each([
      `x@evil-${DOMAIN}`,
      `x@${DOMAIN}.evil.com`,
      `"x@y"@${DOMAIN}`,
      `x@sub.${DOMAIN}`,
      `x y@${DOMAIN}`,
      `@${DOMAIN}`,
    ])('refuses the look-alike address %s', async (email) => {
      const res = await signUp(signUpBody({ email }));
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('email');
    });

    it('stores nothing for a refused sign-up', async () => {
      const body = signUpBody({ session: 'bad' });
      await signUp(body);
      const row = await t.db.kysely.selectFrom('user').select('id').where('email', '=', body.email).executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('password strength (zxcvbn-ts on the server, score 3 or more)', () => {
    it.each(['Aaaaaaa1', 'Admin123', 'Student1', 'Studyshelf1', 'Iloveyou1'])('refuses %s at sign-up and says why', async (password) => {
      const body = signUpBody({ password, confirmPassword: password });
      const res = await signUp(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_WEAK' });
      // The estimator's reason and advice follow the verdict.
      expect(res.json().message).toMatch(/^Password is too easy to guess\. \S.+\. \S.+\.$/);
      expect(await t.db.kysely.selectFrom('user').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
    });

    // Each of these scores 3 or 4 for a stranger; with the context words it is easy to guess.
    it.each([
      ['own name', { name: 'Ravindra Kumar', password: 'Ravindra20245' }],
      ['product', { password: 'Studyshelf!23' }],
      ['e-mail domain', { password: 'Test-uni.edu1' }],
    ])('counts the %s as guessable', async (_what, overrides) => {
      const res = await signUp(signUpBody({ ...overrides, confirmPassword: overrides.password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('password');
      expect(res.json().message).toMatch(/personal or page related data/);
    });

    it('refuses a weak new password at reset and from the admin CLI (createVerifiedUser)', async () => {
      const body = await createVerifiedUser(t.app, sink);
      await t.api.post('/api/auth/forgot-password', { email: body.email });
      await allMailsSent(t);
      const resetMail = sink.mails.filter((m) => m.to.includes(body.email)).at(-1)!;
      const token = new URL(linkFromMail(resetMail.raw, '/reset-password')).searchParams.get('token')!;
      const weak = await t.api.post('/api/auth/reset-password', { token, password: 'Iloveyou1', confirmPassword: 'Iloveyou1' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_WEAK' });
      await login(t.app, body.email);

      await expect(
        t.services.accounts.createVerifiedUser({ name: 'Root', email: `root@${DOMAIN}`, password: 'Admin123', role: 'ADMIN' }),
      ).rejects.toThrow(/^Password is too easy to guess\./);
      expect(await t.db.kysely.selectFrom('user').select('id').where('email', '=', `root@${DOMAIN}`).executeTakeFirst()).toBeUndefined();
    });
  });

  it('creates an unverified student, normalises the e-mail, and mails a verification link from PUBLIC_URL', async () => {
    const body = signUpBody();
    const mixed = body.email.replace('student', 'StUdEnT').replace(DOMAIN, DOMAIN.toUpperCase());
    const res = await signUp({ ...body, email: mixed });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, adminRequested: false });
    expect(res.json().message).toContain('Account created successfully!');
    const mail = await sink.waitForMail(body.email);
    expect(linkFromMail(mail.raw, '/verify-email')).toMatch(/^http:\/\/shelf\.test-uni\.edu\/verify-email\?token=/);
    const row = await t.db.kysely.selectFrom('user').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'STUDENT', branch: 'cse', semester: 3, academicSession: '2023-24', course: 'btech' });
    expect(Boolean(row.emailVerified)).toBe(false);
  });

  it('ignores privilege fields in the sign-up body', async () => {
    const body = signUpBody({ isAdmin: true, emailVerified: true, roleOverride: 'ADMIN', id: 'chosen-id' });
    expect((await signUp(body)).statusCode).toBe(201);
    const row = await t.db.kysely.selectFrom('user').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row.role).toBe('STUDENT');
    expect(Boolean(row.emailVerified)).toBe(false);
    expect(row.id).not.toBe('chosen-id');
  });

  it('answers an already registered e-mail with 409 "Email is already registered"', async () => {
    const body = signUpBody();
    expect((await signUp(body)).statusCode).toBe(201);
    const again = await signUp({ ...body, email: body.email.toUpperCase().replace(DOMAIN.toUpperCase(), DOMAIN) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email is already registered');
  });

  it('turns an ADMIN choice into a student with a pending admin request', async () => {
    const body = signUpBody({ role: 'ADMIN' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().adminRequested).toBe(true);
    const user = await t.db.kysely.selectFrom('user').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user.role).toBe('STUDENT');
    const request = await t.db.kysely.selectFrom('admin_access_request').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(request.status).toBe('pending');
  });

  describe('login', () => {
    it('refuses an unverified account with a clear message, and resends the mail on request', async () => {
      const body = signUpBody();
      await signUp(body);
      await sink.waitForMail(body.email);
      const res = await t.api.post('/api/auth/login', { email: body.email, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
      expect(res.json().message).toMatch(/verify your e-mail/);
      const before = sink.mails.filter((m) => m.to.includes(body.email)).length;
      const resend = await t.api.post('/api/auth/resend-verification', { email: body.email });
      expect(resend.statusCode).toBe(200);
      await expect.poll(() => sink.mails.filter((m) => m.to.includes(body.email)).length).toBe(before + 1);
      const unknown = await t.api.post('/api/auth/resend-verification', { email: `nobody@${DOMAIN}` });
      expect(unknown.json()).toEqual(resend.json());
    });

    it('logs a verified user in with an HttpOnly SameSite cookie, and /me shows the profile', async () => {
      const body = await createVerifiedUser(t.app, sink, { branch: 'ee', semester: '2' });
      const { cookie, setCookies, res } = await login(t.app, body.email);
      expect(res.json().user).toMatchObject({ email: body.email, role: 'STUDENT', branch: 'ee', semester: 2, session: '2023-24' });
      const session = setCookies.find((c) => c.startsWith('studyshelf.session_token='))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Max-Age|Expires/i);
      const me = await t.api.get('/api/auth/me', { as: cookie });
      expect(me.json().user.email).toBe(body.email);
    });

    it('takes a 64-character password in any script, emoji included, and logs in with it (issue 37)', async () => {
      let password = 'Ночь-над-Ганга-गंगा-२०२४-🌧️-Übung-Ölmühle-海-Ξένος-9';
      while ([...password].length < 64) password += 'ж';
      expect([...password].length).toBeGreaterThanOrEqual(64);
      const body = await createVerifiedUser(t.app, sink, { password, confirmPassword: password });
      const { res } = await login(t.app, body.email, password);
      expect(res.json().user.email).toBe(body.email);
      const wrong = await t.api.post('/api/auth/login', { email: body.email, password: password.slice(0, -1) });
      expect(wrong.statusCode).toBe(401);
    });

    it('gives a persistent cookie when remember me is set', async () => {
      const body = await createVerifiedUser(t.app, sink);
      const { setCookies } = await login(t.app, body.email, PASSWORD, true);
      expect(setCookies.find((c) => c.startsWith('studyshelf.session_token='))).toMatch(/Max-Age=\d+/);
    });

    it.each([
      [{ email: 'x@gmail.com', password: 'whatever1' }, 400, `Please use your ${INSTITUTION} email address`],
      [{ email: `x@${DOMAIN}`, password: 'short' }, 400, 'Password must be at least 8 characters'],
      [{ email: `nobody@${DOMAIN}`, password: 'Whatever123' }, 401, 'Invalid email or password'],
    ])('answers %j with %i', async (payload, status, message) => {
      const res = await t.api.post('/api/auth/login', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    });

    it('throttles an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
      const body = await createVerifiedUser(t.app, sink);
      for (let i = 0; i < 5; i++) {
        const res = await t.api.post('/api/auth/login', { email: body.email, password: 'WrongPass99' }, { remoteAddress: `10.1.0.${i + 1}` });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.api.post('/api/auth/login', { email: body.email, password: PASSWORD }, { remoteAddress: '10.1.0.99' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toMatch(/Too many failed login attempts\. Please try again in \d+ minutes?\./);
    });

    it('throttles a client address across accounts, and X-Forwarded-For does not reset it without TRUST_PROXY', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await t.api.post(
          '/api/auth/login',
          { email: `ghost${i}@${DOMAIN}`, password: 'WrongPass99' },
          { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': `192.0.2.${i}` } },
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.api.post(
        '/api/auth/login',
        { email: `ghost-new@${DOMAIN}`, password: 'WrongPass99' },
        { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '198.51.100.7' } },
      );
      expect(blocked.statusCode).toBe(429);
    });
  });

  it('logout destroys the server session: replaying the old cookie is signed out', async () => {
    const body = await createVerifiedUser(t.app, sink);
    const { cookie } = await login(t.app, body.email);
    const out = await t.api.post('/api/auth/logout', undefined, { as: cookie });
    expect(out.statusCode).toBe(200);
    const me = await t.api.get('/api/auth/me', { as: cookie });
    expect(me.json()).toEqual({ user: null });
    const again = await t.api.post('/api/auth/logout', undefined, { as: cookie });
    expect(again.statusCode).toBe(200);
  });

  it('refuses state changes from a foreign Origin', async () => {
    const res = await t.api.post('/api/auth/login', { email: `x@${DOMAIN}`, password: 'Whatever123' }, { headers: { origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FOREIGN_ORIGIN');
    const same = await t.api.post('/api/auth/resend-verification', { email: `x@${DOMAIN}` }, { headers: { origin: 'http://shelf.test-uni.edu' } });
    expect(same.statusCode).toBe(200);
  });

  describe('password recovery', () => {
    it('answers identically whether or not the address has an account', async () => {
      const body = await createVerifiedUser(t.app, sink);
      const known = await t.api.post('/api/auth/forgot-password', { email: body.email });
      const unknown = await t.api.post('/api/auth/forgot-password', { email: `nobody@${DOMAIN}` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    });

    it('resets with a single-use link, enforces the password rules, and ends other sessions', async () => {
      const body = await createVerifiedUser(t.app, sink);
      const { cookie } = await login(t.app, body.email);
      sink.mails.length = 0;
      await t.api.post('/api/auth/forgot-password', { email: body.email });
      const mail = await sink.waitForMail(body.email);
      const link = linkFromMail(mail.raw, '/reset-password');
      expect(link.startsWith('http://shelf.test-uni.edu/reset-password?token=')).toBe(true);
      const token = new URL(link).searchParams.get('token')!;

      const weak = await t.api.post('/api/auth/reset-password', { token, password: 'weakpass', confirmPassword: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe('Password must be at least 8 characters and contain uppercase, lowercase and numbers');

      const newPassword = 'Brand2New2Pass';
      const ok = await t.api.post('/api/auth/reset-password', { token, password: newPassword, confirmPassword: newPassword });
      expect(ok.statusCode).toBe(200);
      const reuse = await t.api.post('/api/auth/reset-password', { token, password: 'Other3Pass33', confirmPassword: 'Other3Pass33' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().message).toMatch(/invalid or has expired/);

      expect((await t.api.get('/api/auth/me', { as: cookie })).json().user).toBeNull();
      const old = await t.api.post('/api/auth/login', { email: body.email, password: PASSWORD });
      expect(old.statusCode).toBe(401);
      await login(t.app, body.email, newPassword);
    });

    it('refuses an expired reset token', async () => {
      const body = await createVerifiedUser(t.app, sink);
      sink.mails.length = 0;
      await t.api.post('/api/auth/forgot-password', { email: body.email });
      const token = new URL(linkFromMail((await sink.waitForMail(body.email)).raw, '/reset-password')).searchParams.get('token')!;
      await t.db.kysely
        .updateTable('verification' as never)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
        .execute();
      const res = await t.api.post('/api/auth/reset-password', { token, password: 'Brand2New2Pass', confirmPassword: 'Brand2New2Pass' });
      expect(res.statusCode).toBe(400);
    });
  });

  it('refuses a bad verification token', async () => {
    const res = await t.api.post('/api/auth/verify-email', { token: 'not-a-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invalid or has expired/);
  });
});

describe(`password hashes (${testDialect})`, () => {
  /** Makes a verified account on `t`, logs in, and returns the hash stored for it. */
  async function storedHash(t: TestApp) {
    const email = `hash${Date.now()}@${DOMAIN}`;
    const user = await t.services.accounts.createVerifiedUser({ name: 'Hana Hash', email, password: PASSWORD, role: 'STUDENT', branch: 'cse', semester: 3, academicSession: '2024-25' });
    await login(t.app, email);
    const account = await (await t.services.auth.$context).internalAdapter.findCredentialAccount(user.id);
    return account!.password!;
  }

  it("are better-auth's own scrypt hashes at its own cost by default, which the API tests lower", async () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x'.repeat(32) }).passwordHashing).toEqual(DEFAULT_PASSWORD_HASHING);
    const production = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN }, { adjust: (c) => ({ ...c, passwordHashing: DEFAULT_PASSWORD_HASHING }) });
    try {
      expect(await verifyPassword({ hash: await storedHash(production), password: PASSWORD })).toBe(true);
    } finally {
      await production.close();
    }
    const cheap = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    try {
      expect(cheap.config.passwordHashing).toEqual(TEST_PASSWORD_HASHING);
      // Logging in above worked; better-auth's own cost does not verify the cheap hash.
      expect(await verifyPassword({ hash: await storedHash(cheap), password: PASSWORD })).toBe(false);
    } finally {
      await cheap.close();
    }
  });
});
