import { ChildPool, type JobStop } from '../../system/child-pool.js';
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

/** A process is replaced after this many files, so slow leaks in pdf.js cannot add up. */
const JOBS_PER_WORKER = 50;

/**
 * Runs each upload's PDF check in a child process whose RSS is watched (system/child-pool.ts),
 * with a heap limit, a cap on its buffers (pdf-memory-budget.ts) and a time limit, at most
 * `concurrency` at once; more wait in line. A process holds one file at a time, never two. One
 * that runs out of memory, crashes or overruns its time is killed and refuses only its own file;
 * one that ends cleanly is kept as the spare for the next upload (one spare at most), so an
 * upload rarely waits for pdf.js to start.
 */
export class PdfInspectionPool implements PdfInspection {
  private readonly pool: ChildPool<WorkerMessage>;

  constructor(
    workerFile: string,
    private readonly limits: PdfCheckLimits = DEFAULT_PDF_CHECK_LIMITS,
  ) {
    const args = [JSON.stringify({ maxBufferBytes: limits.memoryMb * MB } satisfies InspectionWorkerData)];
    this.pool = new ChildPool({ ...limits, name: 'PDF inspection', file: workerFile, args, keepIdle: 1, jobsPerProcess: JOBS_PER_WORKER, keepSpare: true });
  }

  start(): void {
    this.pool.start();
  }

  /**
   * Hands a process the file and answers its reads until it gives a verdict, or is stopped: out
   * of time, out of memory or crashed (the process must go).
   */
  async inspect(size: number, readRange: ReadRange): Promise<PdfVerdict> {
    // Storage failing is the server's fault, not the file's: the upload fails as an error.
    let readError: unknown;
    const verdict = await this.pool.run<PdfVerdict>({
      message: { kind: 'job', size } satisfies PoolMessage,
      onMessage: (message, run) => {
        if (message.kind === 'done') {
          // A check that hit the memory budget leaves a process whose buffers may still be full; one
          // still holding half its limit would leave the next file too little.
          const spent = (!message.verdict.ok && message.verdict.reason === 'too-complex') || run.child.rssBytes >= (this.limits.memoryMb * MB) / 2;
          return run.finish(message.verdict, readError === undefined && !spent);
        }
        if (message.kind !== 'read') return;
        readRange(message.start, message.end).then(
          (bytes) => {
            if (run.settled) return;
            run.child.send({ kind: 'reply', seq: message.seq, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } satisfies PoolMessage);
          },
          (error: unknown) => {
            if (run.settled) return;
            readError ??= error;
            run.child.send({ kind: 'reply', seq: message.seq, error: String(error) } satisfies PoolMessage);
          },
        );
      },
      stopped: verdictWhenStopped,
    });
    if (readError !== undefined) throw readError instanceof Error ? readError : new Error(String(readError));
    return verdict;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

function verdictWhenStopped(stop: JobStop): PdfVerdict {
  if (stop.why === 'not-ready') throw stop.error;
  if (stop.why === 'late') return { ok: false, reason: 'too-complex' };
  if (stop.why === 'ended') return { ok: false, reason: stop.end.outOfMemory ? 'too-complex' : 'unreadable' };
  // `busy` cannot happen: the line has no bound.
  throw new Error('PDF inspection is shut down');
}
