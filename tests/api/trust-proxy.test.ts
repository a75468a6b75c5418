import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * The documented nginx layout (docs/deploy.md): nginx on this machine appends the peer it saw to
 * whatever X-Forwarded-For the client sent. With TRUST_PROXY=127.0.0.1 the address believed is
 * the one nginx appended, so a client writing its own addresses is still throttled as itself.
 */
describe(`spoofed X-Forwarded-For behind nginx with TRUST_PROXY=127.0.0.1 (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('throttles 40 failed logins that each name another address: the 31st is 429', async () => {
    const domain = t.config.public.institutionEmailDomain;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.api.post(
        '/api/auth/login',
        { email: `ghost${i}@${domain}`, password: 'WrongPass99' },
        // What nginx passes on: the client's own header, then the real client's address.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Another real client behind the same nginx is not affected.
    const other = await t.api.post(
      '/api/auth/login',
      { email: `ghost-other@${domain}`, password: 'WrongPass99' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.8' } },
    );
    expect(other.statusCode).toBe(401);
  });
});
