import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

async function headersWith(https: boolean) {
  const app = Fastify();
  registerSecurityHeaders(app, https);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

describe('helmetOptions', () => {
  it('sends a strict CSP (no unsafe-eval, no framing) and a referrer policy', async () => {
    const headers = await headersWith(false);
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('asks for https (HSTS, upgrade-insecure-requests) only on an https address', async () => {
    const plain = await headersWith(false);
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const secure = await headersWith(true);
    expect(secure['strict-transport-security']).toBe('max-age=15552000');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
