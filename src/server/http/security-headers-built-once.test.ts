import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, registerSecurityHeaders } from './security-headers.js';

/** What a reply carries besides what differs from one request to the next. */
const SKIPPED = new Set(['date', 'connection', 'keep-alive', 'content-length']);

async function headersOf(setUp: (app: FastifyInstance) => PromiseLike<unknown> | void) {
  const app = Fastify();
  await setUp(app);
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>'));
  app.get('/api/thing', async () => ({ ok: true }));
  const answers = [];
  // Twice each: a middleware built once must not carry anything from one reply into the next.
  for (const url of ['/page', '/api/thing', '/page', '/api/thing', '/missing']) {
    const res = await app.inject({ method: 'GET', url });
    answers.push(Object.fromEntries(Object.entries(res.headers).filter(([name]) => !SKIPPED.has(name))));
  }
  await app.close();
  return answers;
}

describe('registerSecurityHeaders', () => {
  for (const https of [false, true]) {
    it(`sends exactly what helmet built for each request sends with helmetOptions(${https}), on every reply (HTML, JSON, 404)`, async () => {
      const expected = await headersOf((app) => {
        app.addHook('onRequest', (request, reply, done) => helmet(helmetOptions(https))(request.raw, reply.raw, (error) => done(error as Error | undefined)));
      });
      const actual = await headersOf((app) => registerSecurityHeaders(app, https));
      expect(actual).toEqual(expected);
      expect(actual[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(actual[2]).toEqual(actual[0]);
      expect(actual[3]).toEqual(actual[1]);
    });
  }
});
