import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ReaderReply, ReaderRequest, ReaderWorkerData } from './sqlite-reader.protocol.js';

interface Waiter {
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiter>;
}

/**
 * Runs long read queries (full-text search) on read-only connections in worker threads, so they
 * never block the event loop that serves every other request. As many threads as the machine
 * has cores, at most four: readers in WAL mode do not wait for each other. Each query goes to
 * the thread with the fewest waiting.
 * Threads start on first use; one that dies fails its queries and is replaced on the next one.
 */
export class SqliteReader {
  private readonly threads: Array<Thread | undefined>;
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly workerFile: string,
    threads = Math.min(4, availableParallelism()),
  ) {
    this.threads = new Array<Thread | undefined>(Math.max(1, threads)).fill(undefined);
  }

  all<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    return this.ask<R[]>({ sql, parameters });
  }

  private ask<A>(request: Omit<ReaderRequest, 'id'>): Promise<A> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const thread = this.leastBusy();
    const id = ++this.nextId;
    return new Promise<A>((resolve, reject) => {
      thread.waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      if (thread.waiting.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, ...request } satisfies ReaderRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0).filter((t) => t !== undefined);
    for (const thread of threads) fail(thread, new Error('The database is closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  /** An idle thread if one runs; else a new one while there is room; else the least busy. */
  private leastBusy(): Thread {
    let best: Thread | undefined;
    let free = -1;
    this.threads.forEach((thread, i) => {
      if (!thread) free = free < 0 ? i : free;
      else if (!best || thread.waiting.size < best.waiting.size) best = thread;
    });
    if (best && (best.waiting.size === 0 || free < 0)) return best;
    return (this.threads[free] = this.start(free));
  }

  private start(slot: number): Thread {
    const worker = new Worker(this.workerFile, { workerData: { file: this.file } satisfies ReaderWorkerData });
    const thread: Thread = { worker, waiting: new Map() };
    // An idle reader must not keep the process alive; a query under way refs it (all()).
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const waiter = thread.waiting.get(reply.id);
      if (!waiter) return;
      thread.waiting.delete(reply.id);
      if (!thread.waiting.size) worker.unref();
      if ('rows' in reply) waiter.resolve(reply.rows);
      else waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    const died = (error: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = undefined;
      fail(thread, error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The SQLite reader thread stopped (exit code ${code})`)));
    return thread;
  }
}

function fail(thread: Thread, error: Error): void {
  for (const waiter of thread.waiting.values()) waiter.reject(error);
  thread.waiting.clear();
}
