import { MessageChannel, Worker } from 'node:worker_threads';
import type { ReadReply, WorkerMessage } from './pdf-inspection.protocol.js';
import type { PdfVerdict, ReadRange } from './pdf-inspector.js';

/** A hung or runaway inspection is cut off after this long; the file is refused as unreadable. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface PdfInspection {
  /** Gets ready ahead of the first upload. */
  start(): void;
  inspect(size: number, readRange: ReadRange): Promise<PdfVerdict>;
  close(): Promise<void>;
}

/**
 * Inspects uploads with pdf.js in one worker thread, started on first use and kept for the next
 * upload. Several uploads share it (pdf.js is asynchronous). If a job runs past the timeout the
 * worker is terminated: that file is refused, and uploads inspected alongside it fail with an
 * error (rare; the user retries) rather than waiting forever.
 */
export class PdfInspectionThread implements PdfInspection {
  private current?: { worker: Worker; jobs: Set<(error: Error) => void> };

  constructor(
    private readonly workerFile: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  /** Starts the worker now (at server start) so the first upload does not pay for it. */
  start(): void {
    this.ensureWorker();
  }

  inspect(size: number, readRange: ReadRange): Promise<PdfVerdict> {
    const { worker, jobs } = this.ensureWorker();
    const { port1, port2 } = new MessageChannel();
    return new Promise<PdfVerdict>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        jobs.delete(fail);
        port1.close();
      };
      const fail = (error: Error) => {
        finish();
        reject(error);
      };
      jobs.add(fail);
      port1.on('message', (message: WorkerMessage) => {
        if (message.kind === 'started') {
          // The clock starts when the worker takes the job, so a fresh worker still loading
          // pdf.js on a busy machine is not mistaken for a hung inspection.
          timer = setTimeout(() => {
            finish();
            resolve({ ok: false, reason: 'unreadable' });
            void this.restart(worker);
          }, this.timeoutMs);
          return;
        }
        if (message.kind === 'done') {
          finish();
          resolve(message.verdict);
          return;
        }
        readRange(message.start, message.end).then(
          (bytes) => {
            const copy = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            port1.postMessage({ seq: message.seq, bytes: copy } satisfies ReadReply);
          },
          (error: unknown) => port1.postMessage({ seq: message.seq, error: String(error) } satisfies ReadReply),
        );
      });
      worker.postMessage({ size, port: port2 }, [port2]);
    });
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (current) await current.worker.terminate();
  }

  private ensureWorker(): { worker: Worker; jobs: Set<(error: Error) => void> } {
    if (this.current) return this.current;
    const current = { worker: new Worker(this.workerFile), jobs: new Set<(error: Error) => void>() };
    // An idle worker must not keep the process (or a test run) alive.
    current.worker.unref();
    const lost = (error: Error) => {
      if (this.current === current) this.current = undefined;
      for (const fail of [...current.jobs]) fail(error);
    };
    current.worker.on('error', lost);
    current.worker.on('exit', (code) => lost(new Error(`PDF inspection worker stopped (exit code ${code})`)));
    this.current = current;
    return current;
  }

  private async restart(worker: Worker): Promise<void> {
    if (this.current?.worker === worker) this.current = undefined;
    await worker.terminate();
  }
}
