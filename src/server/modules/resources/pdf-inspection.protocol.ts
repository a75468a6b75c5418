import type { MessagePort } from 'node:worker_threads';
import type { PdfVerdict } from './pdf-inspector.js';

/** What the pool gives a new inspection worker. */
export interface InspectionWorkerData {
  /** Cap on pdf.js's binary buffers (pdf-memory-budget.ts); the JS heap has resourceLimits. */
  maxBufferBytes: number;
}

/** Worker -> pool, on the worker itself: pdf.js is loaded and the worker waits for jobs. */
export type WorkerStatus = { kind: 'ready' };

/** Pool -> worker: a file to inspect, read through its own port (one job at a time). */
export interface InspectionJob {
  size: number;
  port: MessagePort;
}

/** Worker -> pool over the job's port. */
export type WorkerMessage = { kind: 'read'; seq: number; start: number; end: number } | { kind: 'done'; verdict: PdfVerdict };

/** Pool -> worker over the job's port: the bytes asked for, or why they could not be read. */
export type ReadReply = { seq: number; bytes: Uint8Array } | { seq: number; error: string };
