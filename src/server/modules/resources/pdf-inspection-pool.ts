import { MessageChannel, Worker } from 'node:worker_threads';
import type { InspectionJob, InspectionWorkerData, ReadReply, WorkerMessage, WorkerStatus } from './pdf-inspection.protocol.js';
import type { PdfVerdict, ReadRange } from './pdf-inspector.js';

export interface PdfInspection {
  /** Gets a worker ready ahead of the first upload. */
  start(): void;
  inspect(size: number, readRange: ReadRange): Promise<PdfVerdict>;
  close(): Promise<void>;
}

export interface PdfCheckLimits {
  /** Inspections running at once; more wait in line. */
  concurrency: number;
  /** Per inspection: the JS heap limit, and as much again for pdf.js's binary buffers. */
  memoryMb: number;
  /** Per inspection, from the moment its worker takes the file. */
  timeoutMs: number;
}

export const DEFAULT_PDF_CHECK_LIMITS: PdfCheckLimits = { concurrency: 2, memoryMb: 256, timeoutMs: 20_000 };

const MB = 1024 * 1024;

interface Spare {
  worker: Worker;
  /** Settles when pdf.js is loaded; rejects if the worker could not start. */
  ready: Promise<void>;
}

/** A worker is replaced after this many files, so slow leaks in pdf.js cannot add up. */
const JOBS_PER_WORKER = 50;

/**
 * Runs each upload's PDF check in a worker thread with `resourceLimits` on its heap, a cap on its
 * buffers (pdf-memory-budget.ts) and a time limit, at most `concurrency` at once; more wait in
 * line. A worker holds one file at a time, never two. One that runs out of memory, crashes or
 * overruns its time is terminated and refuses only its own file; one that ends cleanly is kept
 * as the spare for the next upload (one spare at most), so an upload rarely waits for pdf.js to
 * start.
 */
export class PdfInspectionPool implements PdfInspection {
  private spare?: Spare;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly busy = new Set<Worker>();
  private readonly jobsDone = new WeakMap<Worker, number>();
  private closed = false;

  constructor(
    private readonly workerFile: string,
    private readonly limits: PdfCheckLimits = DEFAULT_PDF_CHECK_LIMITS,
  ) {}

  start(): void {
    if (!this.closed) this.spare ??= this.spawn();
  }

  async inspect(size: number, readRange: ReadRange): Promise<PdfVerdict> {
    await this.takeSlot();
    try {
      if (this.closed) throw new Error('PDF inspection is shut down');
      const spare = this.spare ?? this.spawn();
      this.spare = undefined;
      this.busy.add(spare.worker);
      let reusable = false;
      try {
        await spare.ready;
        const { verdict, clean } = await this.run(spare.worker, size, readRange);
        // A check that hit the memory budget leaves a worker whose buffers may still be full.
        reusable = clean && (verdict.ok || verdict.reason !== 'too-complex');
        return verdict;
      } finally {
        this.busy.delete(spare.worker);
        this.release(spare, reusable);
      }
    } finally {
      this.releaseSlot();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.busy, ...(this.spare ? [this.spare.worker] : [])];
    this.spare = undefined;
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Keeps a worker that ended cleanly as the spare; ends any other, and loads a new spare. */
  private release(used: Spare, reusable: boolean): void {
    const jobs = (this.jobsDone.get(used.worker) ?? 0) + 1;
    this.jobsDone.set(used.worker, jobs);
    if (reusable && !this.closed && !this.spare && jobs < JOBS_PER_WORKER) {
      this.spare = used;
      return;
    }
    void used.worker.terminate();
    this.start();
  }

  private spawn(): Spare {
    const worker = new Worker(this.workerFile, {
      workerData: { maxBufferBytes: this.limits.memoryMb * MB } satisfies InspectionWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // An idle spare must not keep the process (or a test run) alive.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`PDF inspection worker stopped before it was ready (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (status: WorkerStatus) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (status.kind === 'ready') resolve();
        else reject(new Error('Unexpected message from a PDF inspection worker'));
      });
    });
    // A spare that dies while idle is replaced on the next upload; its promise must not go unhandled.
    ready.catch(() => {
      if (this.spare?.worker === worker) this.spare = undefined;
    });
    worker.on('exit', () => {
      if (this.spare?.worker === worker) this.spare = undefined;
    });
    // An 'error' nobody listens to would throw in the server; during a job run() reports it.
    worker.on('error', () => undefined);
    return { worker, ready };
  }

  /**
   * Hands the worker its file and answers its reads until it gives a verdict (clean) or is
   * stopped: out of time, out of memory or crashed (not clean; the worker must go).
   */
  private run(worker: Worker, size: number, readRange: ReadRange): Promise<{ verdict: PdfVerdict; clean: boolean }> {
    const { port1, port2 } = new MessageChannel();
    return new Promise((resolve, reject) => {
      let settled = false;
      // Storage failing is the server's fault, not the file's: the upload fails as an error.
      let readError: unknown;
      const finish = (verdict: PdfVerdict, clean: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('error', onError);
        worker.off('exit', onExit);
        port1.close();
        if (readError === undefined) resolve({ verdict, clean });
        else reject(readError instanceof Error ? readError : new Error(String(readError)));
      };
      const onError = (error: NodeJS.ErrnoException) =>
        finish({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too-complex' : 'unreadable' }, false);
      const onExit = () => finish({ ok: false, reason: 'unreadable' }, false);
      const timer = setTimeout(() => finish({ ok: false, reason: 'too-complex' }, false), this.limits.timeoutMs);
      worker.on('error', onError);
      worker.on('exit', onExit);
      port1.on('message', (message: WorkerMessage) => {
        if (message.kind === 'done') return finish(message.verdict, true);
        readRange(message.start, message.end).then(
          (bytes) => {
            const copy = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            port1.postMessage({ seq: message.seq, bytes: copy } satisfies ReadReply);
          },
          (error: unknown) => {
            readError ??= error;
            port1.postMessage({ seq: message.seq, error: String(error) } satisfies ReadReply);
          },
        );
      });
      worker.postMessage({ size, port: port2 } satisfies InspectionJob, [port2]);
    });
  }

  private async takeSlot(): Promise<void> {
    while (this.running >= this.limits.concurrency && !this.closed) {
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
    this.running++;
  }

  private releaseSlot(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
