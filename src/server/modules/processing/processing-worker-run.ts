import { forkLimited } from '../../system/limited-child.js';
import type { PageImage } from './page-images.js';
import type { ExtractedPage, ProcessingMessage, ProcessingTask, ProcessingWorkerData } from './processing.protocol.js';

export interface WorkerLimits {
  /** The worker process's memory limit (RSS, native memory included); also its heap's and pdf.js's buffers'. */
  memoryMb: number;
  timeoutMs: number;
  ocr: 'auto' | 'off';
  /** OCR starts no page after this long; default 70% of timeoutMs. */
  ocrBudgetMs?: number;
  /** This pass's first page to OCR (default 1) and how many it may read (default all). */
  ocrFromPage?: number;
  ocrPageLimit?: number;
  /** Pages rendered as preview images (PAGE_IMAGE_PAGES); 0 or unset = none. */
  pageImagePages?: number;
}

export type WorkerOutcome =
  | {
      ok: true;
      pages: ExtractedPage[];
      thumbnail?: { bytes: Buffer; contentType: 'image/webp' | 'image/png' };
      /** Why there is no thumbnail when drawing it stopped the worker (the text was kept). */
      thumbnailFailure?: string;
      /** Why the page images stop where they do, when drawing one stopped the worker (text and thumbnail were kept). */
      pageImageFailure?: string;
      /**
       * Pages 1..n as preview images when they were asked for (pageImagePages > 0), maybe none;
       * undefined when not asked (a later OCR pass: the first pass's images stand).
       */
      pageImages?: PageImage[];
    }
  | { ok: false; reason: string };

export interface RunningWorker {
  result: Promise<WorkerOutcome>;
  /** Ends the worker process now (shutdown); `result` then settles as stopped. */
  stop(): Promise<void>;
}

const MB = 1024 * 1024;
/** Share of the time limit OCR may start pages in; the rest is for the last page and the thumbnail. */
const OCR_SHARE = 0.7;
/** Share of the time limit page images may start pages in; the rest is for sending the outcome. */
const PAGE_IMAGE_SHARE = 0.9;

/**
 * Processes one PDF in a fresh child process whose memory (RSS, native memory included) and
 * time are limited. Whatever the file does to it (runs out of memory, crashes, loops), the
 * process is killed and the outcome is a readable reason; nothing reaches the server's process.
 */
export function runInWorker(
  workerFile: string,
  bytes: Buffer,
  limits: WorkerLimits,
  onProgress: (pagesDone: number, pageCount: number) => void,
): RunningWorker {
  const data: ProcessingWorkerData = {
    maxBufferBytes: limits.memoryMb * MB,
    ocr: limits.ocr,
    ocrBudgetMs: limits.ocrBudgetMs ?? limits.timeoutMs * OCR_SHARE,
    ocrFromPage: limits.ocrFromPage ?? 1,
    ocrPageLimit: limits.ocrPageLimit ?? Number.MAX_SAFE_INTEGER,
    pageImagePages: limits.pageImagePages ?? 0,
    pageImageBudgetMs: limits.timeoutMs * PAGE_IMAGE_SHARE,
  };
  const pageImages: PageImage[] | undefined = data.pageImagePages > 0 ? [] : undefined;
  const child = forkLimited(workerFile, [JSON.stringify(data)], { memoryMb: limits.memoryMb });
  let stopped = false;
  const outOfMemory = { ok: false as const, reason: `Ran out of memory (limit ${limits.memoryMb} MB)` };
  const result = new Promise<WorkerOutcome>((resolve) => {
    let settled = false;
    let pages: ExtractedPage[] | undefined;
    let thumbnail: Extract<WorkerOutcome, { ok: true }>['thumbnail'];
    const finish = (outcome: WorkerOutcome) => {
      if (settled) return;
      // The text was read before the first page was drawn: keep it, and the thumbnail and page
      // images made before the worker stopped; the reason names what is missing.
      if (!outcome.ok && pages && !stopped) {
        outcome = thumbnail
          ? { ok: true, pages, thumbnail, pageImageFailure: outcome.reason, ...(pageImages ? { pageImages } : {}) }
          : { ok: true, pages, thumbnailFailure: outcome.reason, ...(pageImages ? { pageImages } : {}) };
      }
      settled = true;
      clearTimeout(timer);
      child.kill();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `Took longer than ${limits.timeoutMs / 1000} s` }), limits.timeoutMs);
    // Settles after every message the child sent was delivered, so text sent before a kill is kept.
    void child.ended.then((end) => {
      if (stopped) return finish({ ok: false, reason: 'Stopped by shutdown' });
      if (end.outOfMemory) return finish(outOfMemory);
      const how = end.signal ? `signal ${end.signal}` : `exit code ${end.code}`;
      finish({ ok: false, reason: `The processing worker stopped unexpectedly (${how})${end.detail ? `: ${end.detail}` : ''}` });
    });
    child.onMessage((raw) => {
      const message = raw as ProcessingMessage;
      if (message.kind === 'progress') return onProgress(message.pagesDone, message.pageCount);
      if (message.kind === 'text') {
        pages = message.pages;
        return;
      }
      if (message.kind === 'pageImage') {
        pageImages?.push(message.image);
        return;
      }
      if (message.kind === 'thumbnail') {
        thumbnail = asBuffer(message.thumbnail);
        return;
      }
      if (message.kind === 'failed') return finish(message.outOfMemory ? outOfMemory : { ok: false, reason: message.reason.slice(0, 500) });
      // An older worker sends the thumbnail with `done`.
      if (message.thumbnail) thumbnail = asBuffer(message.thumbnail);
      finish({
        ok: true,
        pages: pages ?? [],
        ...(pageImages ? { pageImages } : {}),
        ...(thumbnail ? { thumbnail } : {}),
      });
    });
    child.send({ bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } satisfies ProcessingTask);
  });
  return {
    result,
    async stop() {
      stopped = true;
      child.kill();
      await child.ended;
    },
  };
}

function asBuffer(thumbnail: { bytes: Uint8Array; contentType: 'image/webp' | 'image/png' }) {
  return { bytes: Buffer.from(thumbnail.bytes.buffer, thumbnail.bytes.byteOffset, thumbnail.bytes.byteLength), contentType: thumbnail.contentType };
}
