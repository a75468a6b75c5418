// The yardstick for browse (issue 15): a bare Fastify with the app's helmet and compress options,
// answering GET /api/resources with whatever body PUT /body gave it, and nothing else (no session,
// no query, no validation). Run as a child process by bare-fastify.mjs; prints "ready" when listening.
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(fastifyHelmet, {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: false,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});
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
