import { parentPort, workerData } from 'node:worker_threads';
import type { InspectionJob, InspectionWorkerData, ReadReply, WorkerMessage, WorkerStatus } from './pdf-inspection.protocol.js';
import { inspectPdf, type PdfVerdict } from './pdf-inspector.js';
import { installMemoryBudget, memoryBudgetExceeded } from './pdf-memory-budget.js';

/**
 * An inspection worker holds one file at a time (pdf-inspection-pool.ts), so a file that
 * balloons, crashes or hangs takes only its own upload down. pdf.js's legacy build
 * (the one that runs on Node 20) replaces JSON.parse, JSON.stringify and Array.prototype.push
 * with polyfills and adds browser globals; here they touch only this thread. The file is read
 * through the job's port, range by range, so storage stays the server's business.
 */
const { maxBufferBytes } = workerData as InspectionWorkerData;
installMemoryBudget(maxBufferBytes);

// Loaded now, before any job: pdf.js then runs its "fake worker" from this module instead of
// importing it on the first document, which is most of a cold inspection's time.
// (A variable: the package ships no types for this module; it stays an import at run time.)
const pdfjsWorkerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(pdfjsWorkerModule);

// One tiny document through pdf.js before any job, so a real upload finds its code compiled.
const WARM_UP = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 9 9]/Contents 4 0 R>>endobj 4 0 obj<</Length 19>>stream\n' +
    'BT (warm) Tj ET 0 g\nendstream endobj trailer<</Root 1 0 R>>\n%%EOF',
);
await inspectPdf(WARM_UP.length, async (start, end) => WARM_UP.subarray(start, end + 1));

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
  void inspectPdf(size, readRange)
    .catch((): PdfVerdict => ({ ok: false, reason: memoryBudgetExceeded() ? 'too-complex' : 'unreadable' }))
    .then((verdict) => port.postMessage({ kind: 'done', verdict } satisfies WorkerMessage));
});
parentPort!.postMessage({ kind: 'ready' } satisfies WorkerStatus);
