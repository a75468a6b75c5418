import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PRIVATE_NO_STORE = 'private, no-store';

/** onSend hook for answers that are per user and change with every action: no cache keeps them. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', PRIVATE_NO_STORE);
}

/**
 * Every answer under /api that does not set its own Cache-Control (the public catalogue, file
 * bytes and thumbnails do) is `private, no-store`: nearly all depend on the session, and a shared
 * proxy or the next user of a shared computer must never be handed one. The API docs keep theirs.
 */
export function registerPrivateApiAnswers(app: FastifyInstance): void {
  // A callback hook: it runs on every API answer, and a promise would cost more than the check.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
    done(null, payload);
  });
}
