import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';

/**
 * /healthz: the process is up (for restarts). /readyz: it can serve, meaning the database
 * answers (for load balancers). Neither needs a session.
 */
export function healthRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await db.ping();
        return { status: 'ready', database: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    });
  };
}
