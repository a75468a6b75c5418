import type { PdfVerdict } from './pdf-inspector.js';

/** What the pool gives a new inspection process, as its argument in JSON. */
export interface InspectionWorkerData {
  /** Cap on pdf.js's binary buffers (pdf-memory-budget.ts); the process's RSS is watched by the pool. */
  maxBufferBytes: number;
}

/**
 * Process -> pool over IPC: `ready` once pdf.js is loaded and it waits for jobs; then, per job,
 * reads of the stored file and the verdict.
 */
export type WorkerMessage = { kind: 'ready' } | { kind: 'read'; seq: number; start: number; end: number } | { kind: 'done'; verdict: PdfVerdict };

/** Pool -> process: a file to inspect (one job at a time), or the bytes asked for, or why they could not be read. */
export type PoolMessage = { kind: 'job'; size: number } | { kind: 'reply'; seq: number; bytes: Uint8Array } | { kind: 'reply'; seq: number; error: string };
