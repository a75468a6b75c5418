import { forkLimited, type LimitedChild } from '../../system/limited-child.js';

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

const BUSY: HeaderReading = { unread: 'busy' };

/** A process is replaced after this many strips, so slow leaks cannot add up. */
const JOBS_PER_WORKER = 100;
/** An idle process (~150 MB with tesseract loaded) is ended after this long without a strip. */
const IDLE_MS = 60_000;

interface Reader {
  child: LimitedChild;
  ready: Promise<void>;
  jobs: number;
  onReply?: (reply: HeaderOcrReply) => void;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Batch upload's header OCR (decision 056): strips are read in child processes (decision 030)
 * whose time and memory are bounded, at most `concurrency` at once and `queue` waiting. A strip
 * that would wait longer, or that overruns its limits, is simply not read: the guess is then
 * made from the file's name, and the uploader fills in the rest.
 */
export class HeaderOcrPool implements HeaderOcr {
  private readonly idle: Reader[] = [];
  private readonly all = new Set<Reader>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly workerFile: string,
    private readonly limits: HeaderOcrLimits,
  ) {}

  async read(image: Buffer, dpi: number): Promise<HeaderReading> {
    if (this.closed || (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue)) return BUSY;
    const deadline = Date.now() + this.limits.timeoutMs;
    if (this.running < this.limits.concurrency) this.running++;
    else {
      // A slot is handed over by the strip before (releaseSlot), still counted as running.
      let wake = () => undefined as void;
      const slot = new Promise<'turn'>((resolve) => this.waiting.push((wake = () => resolve('turn'))));
      const late = new Promise<'late'>((resolve) => setTimeout(resolve, this.limits.timeoutMs, 'late').unref());
      if ((await Promise.race([slot, late])) === 'late') {
        const at = this.waiting.indexOf(wake);
        // Its time is up: out of line, or, if its turn came in the same moment, the turn passed on.
        if (at >= 0) this.waiting.splice(at, 1);
        else this.releaseSlot();
        return BUSY;
      }
    }
    if (this.closed) {
      this.releaseSlot();
      return BUSY;
    }
    const reader = this.idle.pop() ?? this.spawn();
    clearTimeout(reader.idleTimer);
    let text: string | undefined;
    let healthy = false;
    try {
      ({ text, healthy } = await this.run(reader, image, dpi, deadline));
    } finally {
      this.release(reader, healthy);
      this.releaseSlot();
    }
    return text === undefined ? { unread: 'failed' } : { text };
  }

  async close(): Promise<void> {
    this.closed = true;
    const children = [...this.all].map((reader) => reader.child);
    for (const child of children) child.kill();
    // The children are unref'd: without this the caller could exit before they are reaped.
    const keepAlive = setInterval(() => undefined, 1000);
    await Promise.all(children.map((child) => child.ended)).finally(() => clearInterval(keepAlive));
    for (const wake of this.waiting.splice(0)) wake();
  }

  private run(reader: Reader, image: Buffer, dpi: number, deadline: number): Promise<{ text?: string; healthy: boolean }> {
    return new Promise((resolve) => {
      const finish = (outcome: { text?: string; healthy: boolean }) => {
        clearTimeout(timer);
        reader.onReply = undefined;
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ healthy: false }), Math.max(0, deadline - Date.now()));
      void reader.child.ended.then(() => finish({ healthy: false }));
      void reader.ready.then(
        () => {
          reader.onReply = (reply) => {
            if (reply.kind === 'done') finish({ text: reply.text, healthy: true });
            else if (reply.kind === 'failed') finish({ healthy: false });
          };
          reader.child.send({ kind: 'job', image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength), dpi } satisfies HeaderOcrJob);
        },
        () => finish({ healthy: false }),
      );
    });
  }

  /** Keeps a process that read its strip for the next one; ends any other. */
  private release(reader: Reader, healthy: boolean): void {
    reader.jobs++;
    if (!healthy || this.closed || reader.jobs >= JOBS_PER_WORKER) {
      reader.child.kill();
      return;
    }
    reader.idleTimer = setTimeout(() => reader.child.kill(), IDLE_MS);
    reader.idleTimer.unref();
    this.idle.push(reader);
  }

  private spawn(): Reader {
    const child = forkLimited(this.workerFile, [], { memoryMb: this.limits.memoryMb });
    // An idle process must not keep the server (or a test run) alive.
    child.unref();
    const reader: Reader = { child, ready: Promise.resolve(), jobs: 0 };
    reader.ready = new Promise<void>((resolve, reject) => {
      reader.onReply = (reply) => (reply.kind === 'ready' ? resolve() : reject(new Error('Unexpected message from a header OCR process')));
      void child.ended.then(() => reject(new Error('The header OCR process stopped before it was ready')));
    });
    reader.ready.catch(() => undefined);
    child.onMessage((message) => reader.onReply?.(message as HeaderOcrReply));
    this.all.add(reader);
    void child.ended.then(() => {
      this.all.delete(reader);
      clearTimeout(reader.idleTimer);
      const at = this.idle.indexOf(reader);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return reader;
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
