import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { FastifyInstance } from 'fastify';
import { linkFromMail, type startSmtpSink } from '../../support/smtp-sink.js';
import { apiClient } from './api-client.js';
import type { TestApp } from './test-app.js';

export const DOMAIN = 'test-uni.edu';
export const PASSWORD = 'Shelf2024pass';
let counter = 0;

/** A valid sign-up body; each call gets a new e-mail address. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    name: `Student ${counter}`,
    email: `student${counter}.${Date.now()}@${DOMAIN}`,
    course: 'btech',
    branch: 'cse',
    semester: '3',
    role: 'STUDENT',
    session: '2023-24',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

let clients = 0;
/**
 * A client address of its own for each sign-up: sign-ups count against their client address
 * (decision 032), and a test file signs up more people than one address may in an hour.
 */
export function newClientAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** POST /api/auth/sign-up from a client address of its own (or the one given). */
export function postSignUp(app: Pick<FastifyInstance, 'inject'>, body: Record<string, unknown>, remoteAddress = newClientAddress()) {
  return apiClient(app).post('/api/auth/sign-up', body, { remoteAddress });
}

/** The Cookie header of the browser that signed up: its sign-up ticket (decision 032). */
export function signUpCookie(res: { headers: Record<string, unknown> }): string {
  return ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The token of the verification mail to `email`. */
export async function verificationToken(sink: Sink, email: string): Promise<string> {
  const mail = await sink.waitForMail(email);
  return new URL(linkFromMail(mail.raw, '/verify-email')).searchParams.get('token')!;
}

/**
 * Signs up, opens the verification link from the received mail in the same "browser" (with the
 * sign-up's cookie), and returns the sign-up body.
 */
export async function createVerifiedUser(app: FastifyInstance, sink: Sink, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await postSignUp(app, body);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const token = await verificationToken(sink, body.email);
  const verified = await apiClient(app).post('/api/auth/verify-email', { token }, { as: signUpCookie(res) });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return body;
}

/** Logs in and returns the Cookie header value to send with later requests. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD, rememberMe = false) {
  const res = await apiClient(app).post('/api/auth/login', { email, password, rememberMe });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  const answer = res.json() as { twoFactorRequired?: boolean; twoFactorSetupRequired?: boolean };
  // A role that must use two-factor sign-in (REQUIRE_2FA_FOR, decision 055) enrols on its first
  // login, as the web app makes it, and answers the code step on later ones.
  if (answer.twoFactorSetupRequired) return { ...(await enrolTwoFactor(app, email, password, cookie)), res };
  if (answer.twoFactorRequired) return { ...(await answerCodeStep(app, email, cookie)), res };
  return { cookie, setCookies: cookies, res };
}

/** The TOTP secrets of accounts the login helper enrolled, by address. */
const totpSecrets = new Map<string, string>();

/** The code an authenticator app shows now for a base32 secret (better-auth's own TOTP). */
export const totpCodeFor = (secret: string) => createOTP(base32.decode(secret)).totp();

/** The Cookie header after `setCookies` replaced some of `cookie`'s values (removed ones left out). */
export function withSetCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((pair) => [pair.split('=')[0]!, pair]));
  for (const line of setCookies) {
    const pair = line.split(';')[0]!;
    if (/max-age=0/i.test(line)) jar.delete(pair.split('=')[0]!);
    else jar.set(pair.split('=')[0]!, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * Turns on two-factor sign-in for the signed-in user of `cookie` (as account settings do) and
 * returns the Cookie header to go on with; later logins of `email` answer the code step.
 */
export async function enrolTwoFactor(app: FastifyInstance, email: string, password: string, cookie: string) {
  const api = apiClient(app);
  const setup = await api.post('/api/account/two-factor/enable', { password }, { as: cookie });
  if (setup.statusCode !== 200) throw new Error(`two-factor set-up failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  totpSecrets.set(email, secret);
  const confirmed = await api.post('/api/account/two-factor/confirm', { code: await totpCodeFor(secret) }, { as: cookie });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirmed.body}`);
  const setCookies = ([] as string[]).concat(confirmed.headers['set-cookie'] ?? []);
  return { cookie: withSetCookies(cookie, setCookies), setCookies };
}

async function answerCodeStep(app: FastifyInstance, email: string, challenge: string) {
  const secret = totpSecrets.get(email);
  if (!secret) throw new Error(`login of ${email} asks for a code and its secret is unknown`);
  const res = await apiClient(app).post('/api/auth/login/two-factor', { code: await totpCodeFor(secret), kind: 'totp' }, { as: challenge });
  if (res.statusCode !== 200) throw new Error(`two-factor login failed: ${res.body}`);
  const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { cookie: withSetCookies('', setCookies), setCookies };
}

/**
 * Waits until every account mail asked for so far has left: the work finishing after the answer
 * (AccountMailService) has queued its mails, and the outbox holds none still pending or sending.
 */
export async function allMailsSent(t: TestApp, timeoutMs = 20_000): Promise<void> {
  await t.services.accountMails.settle();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await t.db.kysely
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    if (Number(row?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('mails still queued after 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
