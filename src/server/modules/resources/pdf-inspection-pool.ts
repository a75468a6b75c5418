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

/**
 * Runs each upload's PDF check in a worker thread of its own, with `resourceLimits` on its heap,
 * a cap on its buffers (pdf-memory-budget.ts) and a time limit, at most `concurrency` at once.
 * A worker inspects one file and is terminated; one spare is kept loaded so an upload does not
 * wait for pdf.js to start. A worker that runs out of memory, crashes or overruns its time
 * refuses only its own file: no other upload shares it.
 */
export class PdfInspectionPool implements PdfInspection {
  private spare?: Spare;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly busy = new Set<Worker>();
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
      // The next upload's worker loads while this one works.
      this.start();
      try {
        await spare.ready;
        return await this.run(spare.worker, size, readRange);
      } finally {
        this.busy.delete(spare.worker);
        await spare.worker.terminate();
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

  private spawn(): Spare {
    const worker = new Worker(this.workerFile, {
      workerData: { maxBufferBytes: this.limits.memoryMb * MB } satisfies InspectionWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // An idle spare must not keep the process (or a test run) alive.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (status: WorkerStatus) => (status.kind === 'ready' ? resolve() : reject(new Error('Unexpected message'))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PDF inspection worker stopped before it was ready (exit code ${code})`)));
    });
    // A spare that dies while idle is replaced on the next upload; its promise must not go unhandled.
    ready.catch(() => {
      if (this.spare?.worker === worker) this.spare = undefined;
    });
    return { worker, ready };
  }

  /** Hands the worker its file and answers its reads until it gives a verdict or is stopped. */
  private run(worker: Worker, size: number, readRange: ReadRange): Promise<PdfVerdict> {
    const { port1, port2 } = new MessageChannel();
    return new Promise<PdfVerdict>((resolve) => {
      const finish = (verdict: PdfVerdict) => {
        clearTimeout(timer);
        port1.close();
        resolve(verdict);
      };
      const timer = setTimeout(() => finish({ ok: false, reason: 'too-complex' }), this.limits.timeoutMs);
      worker.on('error', (error: NodeJS.ErrnoException) =>
        finish({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too-complex' : 'unreadable' }),
      );
      worker.on('exit', () => finish({ ok: false, reason: 'unreadable' }));
      port1.on('message', (message: WorkerMessage) => {
        if (message.kind === 'done') return finish(message.verdict);
        readRange(message.start, message.end).then(
          (bytes) => {
            const copy = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            port1.postMessage({ seq: message.seq, bytes: copy } satisfies ReadReply);
          },
          (error: unknown) => port1.postMessage({ seq: message.seq, error: String(error) } satisfies ReadReply),
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
