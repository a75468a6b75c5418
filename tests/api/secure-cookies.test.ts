import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createVerifiedUser, DOMAIN, login } from './helpers/accounts.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`cookies behind https (${testDialect})`, () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN, PUBLIC_URL: 'https://shelf.test-uni.edu' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('marks the session cookie Secure and still recognises the session', async () => {
    const body = await createVerifiedUser(t.app, sink);
    const { setCookies, cookie } = await login(t.app, body.email);
    const session = setCookies.find((c) => c.includes('studyshelf.session_token='))!;
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    const me = await t.api.get('/api/auth/me', { as: cookie });
    expect(me.json().user.email).toBe(body.email);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await t.api.get('/healthz');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
