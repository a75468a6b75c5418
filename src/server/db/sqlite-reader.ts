import { Worker } from 'node:worker_threads';
import type { ReaderReply, ReaderRequest, ReaderWorkerData } from './sqlite-reader.protocol.js';

interface Waiter {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * Runs long read queries (full-text search over 200,000 pages: tens of milliseconds each) on a
 * read-only connection in a worker thread, so they never block the event loop that serves every
 * other request. One thread: the machines this targets have two cores, and SQLite serialises
 * little for readers in WAL mode. Started on first use; a thread that dies fails its queries
 * and is replaced on the next one.
 */
export class SqliteReader {
  private worker?: Worker;
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly workerFile: string,
  ) {}

  all<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const worker = (this.worker ??= this.start());
    const id = ++this.nextId;
    return new Promise<R[]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, sql, parameters } satisfies ReaderRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('The database is closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.workerFile, { workerData: { file: this.file } satisfies ReaderWorkerData });
    // An idle reader must not keep the process alive; a query under way refs it (all()).
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (!this.waiting.size) worker.unref();
      if ('rows' in reply) waiter.resolve(reply.rows);
      else waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    const died = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The SQLite reader thread stopped (exit code ${code})`)));
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
