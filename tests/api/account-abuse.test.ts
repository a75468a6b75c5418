import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_SIGN_UPS_MESSAGE } from '../../src/shared/account.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';
import { allMailsSent, createVerifiedUser, DOMAIN, PASSWORD, signUpBody } from './helpers/accounts.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Issue 12, findings 2, 3 and 7: limits that parallel requests cannot outrun, mail floods, and
 * answers whose timing does not tell which addresses exist. Limits (src/server/services.ts LIMITS):
 * 5 login failures per account and 30 per client address in 15 minutes; 3 mails per address and
 * kind, 20 per client address, in an hour.
 */
describe(`abuse limits (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  let client = 0;
  /** A new client address per call, so only the limit under test applies. */
  const freshAddress = () => `10.${20 + Math.floor(++client / 250)}.${client % 250}.1`;
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    t.api.post(url, payload, { remoteAddress });
  const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  describe('login throttling holds under parallel requests', () => {
    it('40 parallel wrong passwords plus the right one check at most 5 passwords; the rest get 429', async () => {
      const { email } = await createVerifiedUser(t.app, sink);
      const payloads = [...Array.from({ length: 40 }, (_, i) => ({ email, password: `WrongGuess${i}x` })), { email, password: PASSWORD }];
      const codes = (await Promise.all(payloads.map((p) => post('/api/auth/login', p)))).map((r) => r.statusCode);
      expect(codes.every((c) => [200, 401, 429].includes(c))).toBe(true);
      expect(codes.length - count(codes, 429)).toBeLessThanOrEqual(5);
      expect(count(codes, 429)).toBeGreaterThanOrEqual(36);
    });

    it('40 parallel guesses from one client address at 40 accounts check at most 30 passwords', async () => {
      const payloads = Array.from({ length: 40 }, (_, i) => ({ email: `ghost-parallel${i}@${DOMAIN}`, password: 'WrongPass99' }));
      const codes = (await Promise.all(payloads.map((p) => post('/api/auth/login', p, '10.99.0.1')))).map((r) => r.statusCode);
      expect(count(codes, 401)).toBeLessThanOrEqual(30);
      expect(count(codes, 429)).toBeGreaterThanOrEqual(10);
      expect(count(codes, 401) + count(codes, 429)).toBe(40);
    });

    it('a successful login forgets the account failures before it', async () => {
      const { email } = await createVerifiedUser(t.app, sink);
      for (let i = 0; i < 4; i++) expect((await post('/api/auth/login', { email, password: 'WrongPass99' })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await post('/api/auth/login', { email, password: 'WrongPass99' })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('mail requests are limited per address and per client address', () => {
    it('40 parallel resend-verification requests send 3 mails, and every answer is the same 200', async () => {
      const body = signUpBody();
      expect((await post('/api/auth/sign-up', body)).statusCode).toBe(201);
      await sink.waitForMail(body.email);
      const results = await Promise.all(Array.from({ length: 40 }, () => post('/api/auth/resend-verification', { email: body.email })));
      expect(new Set(results.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
      expect(results[0]!.statusCode).toBe(200);
      await allMailsSent(t);
      expect(mailsTo(body.email)).toHaveLength(1 + 3);
    });

    it('40 parallel forgot-password requests send 3 mails and leave one valid reset token, the newest', async () => {
      const { email } = await createVerifiedUser(t.app, sink);
      const user = await t.db.kysely.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const before = mailsTo(email).length;
      const results = await Promise.all(Array.from({ length: 40 }, () => post('/api/auth/forgot-password', { email })));
      expect(new Set(results.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
      expect(results[0]!.statusCode).toBe(200);
      await allMailsSent(t);
      const mails = mailsTo(email).slice(before);
      expect(mails).toHaveLength(3);

      const tokens = await t.db.kysely
        .selectFrom('verification')
        .select('identifier')
        .where('value', '=', user.id)
        .where('identifier', 'like', 'reset-password:%')
        .execute();
      expect(tokens).toHaveLength(1);
      const mailed = mails.map((m) => new URL(linkFromMail(m.raw, '/reset-password')).searchParams.get('token')!);
      const kept = tokens[0]!.identifier.slice('reset-password:'.length);
      expect(mailed).toContain(kept);
      for (const token of mailed.filter((m) => m !== kept)) {
        const stale = await post('/api/auth/reset-password', { token, password: 'Brand2New2Pass', confirmPassword: 'Brand2New2Pass' });
        expect(stale.statusCode).toBe(400);
      }
      const ok = await post('/api/auth/reset-password', { token: kept, password: 'Brand2New2Pass', confirmPassword: 'Brand2New2Pass' });
      expect(ok.statusCode).toBe(200);
    });

    it('one client address gets at most 20 mails an hour, whichever addresses it names', async () => {
      const bodies = Array.from({ length: 25 }, () => signUpBody());
      const created = await Promise.all(bodies.map((body) => post('/api/auth/sign-up', body)));
      expect(created.every((r) => r.statusCode === 201)).toBe(true);
      await Promise.all(bodies.map((b) => sink.waitForMail(b.email)));
      const results = await Promise.all(bodies.map((b) => post('/api/auth/resend-verification', { email: b.email }, '10.98.0.1')));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      await allMailsSent(t);
      const resent = bodies.reduce((n, b) => n + mailsTo(b.email).length - 1, 0);
      expect(resent).toBe(20);
    });
  });

  describe('sign-ups are limited per client address (issue 32, finding 2)', () => {
    it('24 parallel sign-ups from one address: 20 accounts and 20 mails, 4 refused with 429; refused ones cost nothing', async () => {
      const address = '10.97.0.1';
      // A sign-up that makes no account (the address is taken) gives its hit back.
      const taken = signUpBody();
      expect((await post('/api/auth/sign-up', taken)).statusCode).toBe(201);
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/sign-up', taken, address)).statusCode).toBe(409);

      const bodies = Array.from({ length: 24 }, () => signUpBody());
      const results = await Promise.all(bodies.map((body) => post('/api/auth/sign-up', body, address)));
      const codes = results.map((r) => r.statusCode);
      expect(count(codes, 201)).toBe(20);
      expect(count(codes, 429)).toBe(4);
      const refused = results.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_SIGN_UPS', message: TOO_MANY_SIGN_UPS_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

      const emails = bodies.map((b) => b.email);
      const users = await t.db.kysely.selectFrom('user').select('email').where('email', 'in', emails).execute();
      expect(users).toHaveLength(20);
      await allMailsSent(t);
      expect(emails.reduce((n, email) => n + mailsTo(email).length, 0)).toBe(20);

      // The sign-ups' mails used the address's budget: a resend from it sends nothing more.
      const unverified = users[0]!.email;
      expect((await post('/api/auth/resend-verification', { email: unverified }, address)).statusCode).toBe(200);
      await allMailsSent(t);
      expect(mailsTo(unverified)).toHaveLength(1);
      // Another client address is not affected.
      expect((await post('/api/auth/sign-up', signUpBody(), '10.97.0.2')).statusCode).toBe(201);
    });
  });

  describe('answers take the same time whether or not the address exists', () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

    /** Alternates the two addresses so a slow moment of the machine hits both alike. */
    async function timings(url: string, known: string, unknown: string) {
      const times = { known: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < 5; i++) {
        for (const [which, email] of [['known', known], ['unknown', unknown]] as const) {
          const started = performance.now();
          const res = await post(url, { email });
          times[which].push(performance.now() - started);
          answers.add(`${res.statusCode} ${res.body}`);
        }
      }
      return { ratio: median(times.known) / median(times.unknown), answers };
    }

    it('resend-verification: an unverified account and an unknown address look alike', async () => {
      const body = signUpBody();
      expect((await post('/api/auth/sign-up', body)).statusCode).toBe(201);
      await sink.waitForMail(body.email);
      const { ratio, answers } = await timings('/api/auth/resend-verification', body.email, `nobody-resend@${DOMAIN}`);
      expect(answers.size).toBe(1);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    });

    it('forgot-password: an account and an unknown address look alike', async () => {
      const { email } = await createVerifiedUser(t.app, sink);
      const { ratio, answers } = await timings('/api/auth/forgot-password', email, `nobody-reset@${DOMAIN}`);
      expect(answers.size).toBe(1);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    });
  });
});
