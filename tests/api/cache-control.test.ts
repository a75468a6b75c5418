import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method } from './helpers/api-client.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Every JSON answer under /api that depends on the session is kept by no cache, shared or the
 * browser's (`private, no-store`): a proxy or a shared computer must not hand one user's home,
 * lists or account to the next. Public answers and file bytes keep their own rules.
 */
describe(`Cache-Control on per-user answers (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let resourceId: string;

  beforeAll(async () => {
    t = await createTestApp({ PROCESSING_CONCURRENCY: '0' });
    cr = await signedIn(t, 'CR');
    const res = await upload(t, cr.cookie);
    expect(res.statusCode, res.body).toBe(201);
    resourceId = res.json().resource.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks session-dependent answers private, no-store (each asked twice: remembered answers too)', async () => {
    const calls: [Method, string][] = [
      ['GET', '/api/home'],
      ['GET', '/api/resources'],
      ['GET', '/api/resources?q=notes'],
      ['GET', `/api/resources/${resourceId}`],
      ['POST', `/api/resources/${resourceId}/download`],
      ['GET', '/api/auth/me'],
      ['GET', '/api/shelf/ids'],
      ['GET', '/api/requests/mine'],
      ['GET', '/api/reports/mine'],
      ['GET', `/api/resources/${crypto.randomUUID()}`],
    ];
    for (const [method, url] of calls) {
      for (const round of [1, 2]) {
        const res = await t.api.request(method, url, undefined, { as: cr });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        const header = String(res.headers['cache-control'] ?? '');
        expect(header, `${method} ${url} (${round})`).toMatch(/\bprivate\b/);
        expect(header, `${method} ${url} (${round})`).toMatch(/\bno-store\b/);
      }
    }
  });

  it('keeps the public catalogue cacheable and file bytes private with their own lifetime', async () => {
    const branches = await t.api.get('/api/catalogue/branches');
    expect(branches.headers['cache-control']).toBe('public, max-age=300');
    const file = await t.api.get(`/api/resources/${resourceId}/file`, { as: cr });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
  });
});
