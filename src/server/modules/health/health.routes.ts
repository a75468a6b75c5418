import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { lowestFreeBytes, type FileStore } from '../../storage/file-store.js';

const MB = 1024 * 1024;

type StorageState = 'ok' | 'full' | 'unreachable';

/**
 * /healthz: the process is up (for restarts). /readyz: it can serve, meaning the database
 * answers, the file store answers (a bucket can be down while the process is fine) and there is
 * room to write (for load balancers and monitoring). Neither needs a session.
 */
export function healthRoutes(deps: { db: Db; fileStore: FileStore; minFreeDiskBytes: number }): FastifyPluginAsync {
  const { db, fileStore, minFreeDiskBytes } = deps;
  const freeBytes = lowestFreeBytes(fileStore, db);

  async function storageState(request: FastifyRequest): Promise<StorageState> {
    try {
      await fileStore.check?.();
    } catch (error) {
      // The reason names the store's address: logged, not shown to whoever asks /readyz.
      request.log.error({ err: error }, 'readiness check: file storage unreachable');
      return 'unreachable';
    }
    return freeBytes().then(
      (free) => (free === undefined || free >= minFreeDiskBytes ? 'ok' : 'full'),
      (error: unknown) => {
        request.log.error({ err: error }, 'readiness check: free space unknown');
        return 'ok';
      },
    );
  }

  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      const [database, storage] = await Promise.all([
        db.ping().then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.error({ err: error }, 'readiness check: database unreachable');
            return 'unreachable' as const;
          },
        ),
        storageState(request),
      ]);
      if (database === 'ok' && storage === 'ok') return { status: 'ready', database, storage };
      const reasons = [
        ...(database === 'ok' ? [] : ['the database does not answer']),
        ...(storage === 'unreachable' ? ['the file storage does not answer'] : []),
        ...(storage === 'full' ? [`less than ${Math.round(minFreeDiskBytes / MB)} MB of disk space is free`] : []),
      ];
      return reply.code(503).send({ status: 'unavailable', database, storage, reason: `Not ready: ${reasons.join('; ')}.` });
    });
  };
}
