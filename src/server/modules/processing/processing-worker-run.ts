import { Worker } from 'node:worker_threads';
import type { ExtractedPage, ProcessingMessage, ProcessingTask, ProcessingWorkerData } from './processing.protocol.js';

export interface WorkerLimits {
  /** The worker's JS heap limit, and as much again for pdf.js's buffers. */
  memoryMb: number;
  timeoutMs: number;
  ocr: 'auto' | 'off';
  /** OCR starts no page after this long; default 70% of timeoutMs. */
  ocrBudgetMs?: number;
  /** This pass's first page to OCR (default 1) and how many it may read (default all). */
  ocrFromPage?: number;
  ocrPageLimit?: number;
}

export type WorkerOutcome =
  | {
      ok: true;
      pages: ExtractedPage[];
      thumbnail?: { bytes: Buffer; contentType: 'image/webp' | 'image/png' };
      /** Why there is no thumbnail when drawing it stopped the worker (the text was kept). */
      thumbnailFailure?: string;
    }
  | { ok: false; reason: string };

export interface RunningWorker {
  result: Promise<WorkerOutcome>;
  /** Ends the worker now (shutdown); `result` then settles as stopped. */
  stop(): Promise<void>;
}

const MB = 1024 * 1024;
/** Share of the time limit OCR may start pages in; the rest is for the last page and the thumbnail. */
const OCR_SHARE = 0.7;

/**
 * Processes one PDF in a fresh worker thread with a heap limit and a deadline. Whatever the
 * file does to its worker (runs out of memory, crashes, loops), the worker is terminated and
 * the outcome is a readable reason; nothing escapes into this thread.
 */
export function runInWorker(
  workerFile: string,
  bytes: Buffer,
  limits: WorkerLimits,
  onProgress: (pagesDone: number, pageCount: number) => void,
): RunningWorker {
  const worker = new Worker(workerFile, {
    workerData: {
      maxBufferBytes: limits.memoryMb * MB,
      ocr: limits.ocr,
      ocrBudgetMs: limits.ocrBudgetMs ?? limits.timeoutMs * OCR_SHARE,
      ocrFromPage: limits.ocrFromPage ?? 1,
      ocrPageLimit: limits.ocrPageLimit ?? Number.MAX_SAFE_INTEGER,
    } satisfies ProcessingWorkerData,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  });
  let stopped = false;
  const result = new Promise<WorkerOutcome>((resolve) => {
    let settled = false;
    let pages: ExtractedPage[] | undefined;
    const finish = (outcome: WorkerOutcome) => {
      if (settled) return;
      // The text was read before the first page was drawn: keep it, without a thumbnail.
      if (!outcome.ok && pages && !stopped) outcome = { ok: true, pages, thumbnailFailure: outcome.reason };
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const outOfMemory = { ok: false as const, reason: `Ran out of memory (limit ${limits.memoryMb} MB)` };
    const timer = setTimeout(() => finish({ ok: false, reason: `Took longer than ${limits.timeoutMs / 1000} s` }), limits.timeoutMs);
    worker.on('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory : { ok: false, reason: `The processing worker crashed: ${error.message}` }),
    );
    worker.on('exit', (code) =>
      finish({ ok: false, reason: stopped ? 'Stopped by shutdown' : `The processing worker stopped unexpectedly (exit code ${code})` }),
    );
    worker.on('message', (message: ProcessingMessage) => {
      if (message.kind === 'progress') return onProgress(message.pagesDone, message.pageCount);
      if (message.kind === 'text') {
        pages = message.pages;
        return;
      }
      if (message.kind === 'failed') return finish(message.outOfMemory ? outOfMemory : { ok: false, reason: message.reason.slice(0, 500) });
      const { thumbnail } = message;
      finish({
        ok: true,
        pages: pages ?? [],
        ...(thumbnail
          ? { thumbnail: { bytes: Buffer.from(thumbnail.bytes.buffer, thumbnail.bytes.byteOffset, thumbnail.bytes.byteLength), contentType: thumbnail.contentType } }
          : {}),
      });
    });
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // A copy when the Buffer shares a pooled ArrayBuffer; otherwise handed over without copying.
    const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
    worker.postMessage({ bytes: owned } satisfies ProcessingTask, [owned.buffer as ArrayBuffer]);
  });
  return {
    result,
    async stop() {
      stopped = true;
      await worker.terminate();
    },
  };
}
