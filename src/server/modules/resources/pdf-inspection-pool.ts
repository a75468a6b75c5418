import { forkLimited, type LimitedChild } from '../../system/limited-child.js';
import type { InspectionWorkerData, PoolMessage, WorkerMessage } from './pdf-inspection.protocol.js';
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
  /** Per inspection process: its memory (RSS) limit, also its heap's and pdf.js's buffers'. */
  memoryMb: number;
  /** Per inspection, from the moment its worker takes the file. */
  timeoutMs: number;
}

export const DEFAULT_PDF_CHECK_LIMITS: PdfCheckLimits = { concurrency: 2, memoryMb: 256, timeoutMs: 20_000 };

const MB = 1024 * 1024;

interface Spare {
  worker: LimitedChild;
  /** Settles when pdf.js is loaded; rejects if the process could not start. */
  ready: Promise<void>;
  /** Where the process's messages go: the job under way, if any. */
  onMessage?: (message: WorkerMessage) => void;
}

/** A process is replaced after this many files, so slow leaks in pdf.js cannot add up. */
const JOBS_PER_WORKER = 50;

/**
 * Runs each upload's PDF check in a child process whose RSS is watched (system/limited-child.ts),
 * with a heap limit, a cap on its buffers (pdf-memory-budget.ts) and a time limit, at most
 * `concurrency` at once; more wait in line. A process holds one file at a time, never two. One
 * that runs out of memory, crashes or overruns its time is killed and refuses only its own file;
 * one that ends cleanly is kept as the spare for the next upload (one spare at most), so an
 * upload rarely waits for pdf.js to start.
 */
export class PdfInspectionPool implements PdfInspection {
  private spare?: Spare;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly busy = new Set<Spare>();
  private readonly jobsDone = new WeakMap<Spare, number>();
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
      this.busy.add(spare);
      let reusable = false;
      try {
        await spare.ready;
        const { verdict, clean } = await this.run(spare, size, readRange);
        // A check that hit the memory budget leaves a process whose buffers may still be full; one
        // still holding half its limit would leave the next file too little.
        reusable = clean && (verdict.ok || verdict.reason !== 'too-complex') && spare.worker.rssBytes < (this.limits.memoryMb * MB) / 2;
        return verdict;
      } finally {
        this.busy.delete(spare);
        this.release(spare, reusable);
      }
    } finally {
      this.releaseSlot();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.busy, ...(this.spare ? [this.spare] : [])].map((s) => s.worker);
    this.spare = undefined;
    for (const worker of workers) worker.kill();
    await Promise.all(workers.map((worker) => worker.ended));
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Keeps a worker that ended cleanly as the spare; ends any other, and loads a new spare. */
  private release(used: Spare, reusable: boolean): void {
    const jobs = (this.jobsDone.get(used) ?? 0) + 1;
    this.jobsDone.set(used, jobs);
    used.onMessage = undefined;
    if (reusable && !this.closed && !this.spare && jobs < JOBS_PER_WORKER) {
      this.spare = used;
      return;
    }
    used.worker.kill();
    this.start();
  }

  private spawn(): Spare {
    const worker = forkLimited(this.workerFile, [JSON.stringify({ maxBufferBytes: this.limits.memoryMb * MB } satisfies InspectionWorkerData)], {
      memoryMb: this.limits.memoryMb,
    });
    // An idle spare must not keep the process (or a test run) alive.
    worker.unref();
    const spare: Spare = { worker, ready: Promise.resolve() };
    spare.ready = new Promise<void>((resolve, reject) => {
      spare.onMessage = (message) => {
        spare.onMessage = undefined;
        if (message.kind === 'ready') resolve();
        else reject(new Error('Unexpected message from a PDF inspection process'));
      };
      void worker.ended.then((end) =>
        reject(new Error(`PDF inspection process stopped before it was ready (${end.outOfMemory ? 'out of memory' : `exit code ${end.code}`})`)),
      );
    });
    worker.onMessage((message) => spare.onMessage?.(message as WorkerMessage));
    // A spare that dies while idle is replaced on the next upload; its promise must not go unhandled.
    spare.ready.catch(() => undefined);
    void worker.ended.then(() => {
      if (this.spare === spare) this.spare = undefined;
    });
    return spare;
  }

  /**
   * Hands the process its file and answers its reads until it gives a verdict (clean) or is
   * stopped: out of time, out of memory or crashed (not clean; the process must go).
   */
  private run(spare: Spare, size: number, readRange: ReadRange): Promise<{ verdict: PdfVerdict; clean: boolean }> {
    const { worker } = spare;
    return new Promise((resolve, reject) => {
      let settled = false;
      // Storage failing is the server's fault, not the file's: the upload fails as an error.
      let readError: unknown;
      const finish = (verdict: PdfVerdict, clean: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        spare.onMessage = undefined;
        if (readError === undefined) resolve({ verdict, clean });
        else reject(readError instanceof Error ? readError : new Error(String(readError)));
      };
      const timer = setTimeout(() => finish({ ok: false, reason: 'too-complex' }, false), this.limits.timeoutMs);
      void worker.ended.then((end) => finish({ ok: false, reason: end.outOfMemory ? 'too-complex' : 'unreadable' }, false));
      spare.onMessage = (message) => {
        if (message.kind === 'done') return finish(message.verdict, true);
        if (message.kind !== 'read') return;
        readRange(message.start, message.end).then(
          (bytes) => {
            if (settled) return;
            worker.send({ kind: 'reply', seq: message.seq, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } satisfies PoolMessage);
          },
          (error: unknown) => {
            readError ??= error;
            if (!settled) worker.send({ kind: 'reply', seq: message.seq, error: String(error) } satisfies PoolMessage);
          },
        );
      };
      worker.send({ kind: 'job', size } satisfies PoolMessage);
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
