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

/** Signs up, opens the verification link from the received mail, and returns the e-mail. */
export async function createVerifiedUser(app: FastifyInstance, sink: Sink, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const api = apiClient(app);
  const res = await api.post('/api/auth/sign-up', body);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const mail = await sink.waitForMail(body.email);
  const token = new URL(linkFromMail(mail.raw, '/verify-email')).searchParams.get('token')!;
  const verified = await api.post('/api/auth/verify-email', { token });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return body;
}

/** Logs in and returns the Cookie header value to send with later requests. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD, rememberMe = false) {
  const res = await apiClient(app).post('/api/auth/login', { email, password, rememberMe });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { cookie: cookies.map((c) => c.split(';')[0]).join('; '), setCookies: cookies, res };
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
