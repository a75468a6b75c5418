import { ChildPool } from '../../system/child-pool.js';

/** Pool -> process: one strip to read (one at a time per process). */
export interface HeaderOcrJob {
  kind: 'job';
  image: Uint8Array;
  dpi: number;
}
/** Process -> pool: ready once started, then each strip's text or why it was not read. */
export type HeaderOcrReply = { kind: 'ready' } | { kind: 'done'; text: string } | { kind: 'failed'; message: string };

/**
 * A strip's text, or why it was not read: `busy` when it never reached a process (the line was
 * full, its time ran out in line, the pool was closing), `failed` when a process tried (too slow,
 * out of memory, an error). Only a `failed` strip cost OCR time.
 */
export type HeaderReading = { text: string } | { unread: 'busy' | 'failed' };

/** Reads a scan's header strip when the server has time. */
export interface HeaderOcr {
  read(image: Buffer, dpi: number): Promise<HeaderReading>;
  close(): Promise<void>;
}

export interface HeaderOcrLimits {
  /** Strips read at once, each in its own process. */
  concurrency: number;
  /** Strips waiting for a process; one more is answered without OCR at once. */
  queue: number;
  /** Per strip, from the moment it waits (a new process's start included). */
  timeoutMs: number;
  /** Per process: its memory (RSS) limit, tesseract's WebAssembly heap included. */
  memoryMb: number;
}

/** A process is replaced after this many strips, so slow leaks cannot add up. */
const JOBS_PER_WORKER = 100;
/** An idle process (~150 MB with tesseract loaded) is ended after this long without a strip. */
const IDLE_MS = 60_000;

/**
 * Batch upload's header OCR (decision 056): strips are read in child processes (decision 030)
 * whose time and memory are bounded, at most `concurrency` at once and `queue` waiting. A strip
 * that would wait longer, or that overruns its limits, is simply not read: the guess is then
 * made from the file's name, and the uploader fills in the rest.
 */
export class HeaderOcrPool implements HeaderOcr {
  private readonly pool: ChildPool<HeaderOcrReply>;

  constructor(workerFile: string, limits: HeaderOcrLimits) {
    const kept = { jobsPerProcess: JOBS_PER_WORKER, idleMs: IDLE_MS };
    this.pool = new ChildPool({ ...limits, ...kept, name: 'header OCR', file: workerFile, timeIncludesWait: true });
  }

  read(image: Buffer, dpi: number): Promise<HeaderReading> {
    return this.pool.run<HeaderReading>({
      message: { kind: 'job', image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength), dpi } satisfies HeaderOcrJob,
      onMessage: (reply, run) => {
        if (reply.kind === 'done') run.finish({ text: reply.text }, true);
        else if (reply.kind === 'failed') run.finish({ unread: 'failed' }, false);
      },
      stopped: (stop) => ({ unread: stop.why === 'busy' || stop.why === 'closed' ? 'busy' : 'failed' }),
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
