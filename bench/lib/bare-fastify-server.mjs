// The yardstick for browse (issue 15): a bare Fastify with the app's security headers and compress options,
// answering GET /api/resources with whatever body PUT /body gave it, and nothing else (no session,
// no query, no validation). Bundled and run as a child process by bare-fastify.mjs (the helmet
// headers are the app's own, src/server/http/security-headers.ts); prints "ready" when listening.
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { registerSecurityHeaders } from '../../src/server/http/security-headers.ts';

const app = Fastify({ logger: false });
registerSecurityHeaders(app, false);
await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
let body = '{}';
app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 }, (_req, text, done) => done(null, text));
app.put('/body', async (request) => {
  body = /** @type {string} */ (request.body);
  return { ok: true };
});
app.get('/api/resources', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('ready\n');
