import type { FastifyInstance } from 'fastify';
import { linkFromMail, type startSmtpSink } from '../../support/smtp-sink.js';

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
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const mail = await sink.waitForMail(body.email);
  const token = new URL(linkFromMail(mail.raw, '/verify-email')).searchParams.get('token')!;
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return body;
}

/** Logs in and returns the Cookie header value to send with later requests. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD, rememberMe = false) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, rememberMe } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { cookie: cookies.map((c) => c.split(';')[0]).join('; '), setCookies: cookies, res };
}
