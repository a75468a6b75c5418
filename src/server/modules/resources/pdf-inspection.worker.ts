import { parentPort } from 'node:worker_threads';
import type { InspectionJob, ReadReply, WorkerMessage } from './pdf-inspection.protocol.js';
import { inspectPdf } from './pdf-inspector.js';

/**
 * Runs pdf.js away from the request thread. Its legacy build (the one that runs on Node 20)
 * replaces JSON.parse, JSON.stringify and Array.prototype.push with slower polyfills and adds
 * browser globals; here they touch only this worker. Each job reads the stored file through
 * its own port, range by range, so storage stays the server's business.
 */
parentPort!.on('message', (job: InspectionJob) => {
  const { port, size } = job;
  let seq = 0;
  const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  port.on('message', (reply: ReadReply) => {
    const waiter = pending.get(reply.seq);
    if (!waiter) return;
    pending.delete(reply.seq);
    if ('error' in reply) waiter.reject(new Error(reply.error));
    else waiter.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
  });
  const readRange = (start: number, end: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve, reject });
      port.postMessage({ kind: 'read', seq: id, start, end } satisfies WorkerMessage);
    });
  port.postMessage({ kind: 'started' } satisfies WorkerMessage);
  inspectPdf(size, readRange)
    .catch(() => ({ ok: false, reason: 'unreadable' }) as const)
    .then((verdict) => {
      port.postMessage({ kind: 'done', verdict } satisfies WorkerMessage);
      port.close();
    });
});
