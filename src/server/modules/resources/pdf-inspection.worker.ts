import type { InspectionWorkerData, PoolMessage, WorkerMessage } from './pdf-inspection.protocol.js';
import { inspectPdf, type PdfVerdict } from './pdf-inspector.js';
import { installMemoryBudget, memoryBudgetExceeded } from './pdf-memory-budget.js';

/**
 * An inspection process holds one file at a time (pdf-inspection-pool.ts), so a file that
 * balloons, crashes or hangs takes only its own upload down, and its memory goes with the
 * process. pdf.js's legacy build (the one that runs on Node 20) replaces JSON.parse,
 * JSON.stringify and Array.prototype.push with polyfills and adds browser globals; here they
 * touch only this process. The file is read over IPC, range by range, so storage stays the
 * server's business.
 */
const { maxBufferBytes } = JSON.parse(process.argv[2] ?? '{}') as InspectionWorkerData;
const send = (message: WorkerMessage) => process.send!(message);
installMemoryBudget(maxBufferBytes);
// The server died (kill -9 included): nothing would read the outcome, and nothing would watch this process.
process.on('disconnect', () => process.exit(0));

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

let seq = 0;
const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
const readRange = (start: number, end: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const id = ++seq;
    pending.set(id, { resolve, reject });
    send({ kind: 'read', seq: id, start, end });
  });

process.on('message', (message: PoolMessage) => {
  if (message.kind === 'reply') {
    const waiter = pending.get(message.seq);
    if (!waiter) return;
    pending.delete(message.seq);
    if ('error' in message) waiter.reject(new Error(message.error));
    else waiter.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    return;
  }
  void inspectPdf(message.size, readRange)
    .catch((): PdfVerdict => ({ ok: false, reason: memoryBudgetExceeded() ? 'too-complex' : 'unreadable' }))
    .then((verdict) => {
      // Reads pdf.js gave up on must not be answered into the next job.
      pending.clear();
      send({ kind: 'done', verdict });
    });
});
send({ kind: 'ready' });
