import type { MessagePort } from 'node:worker_threads';
import type { PdfVerdict } from './pdf-inspector.js';

/** Messages between the server and the PDF inspection worker (one MessagePort per file). */
export interface InspectionJob {
  size: number;
  port: MessagePort;
}

/** Worker -> server over the job's port. */
export type WorkerMessage =
  | { kind: 'started' }
  | { kind: 'read'; seq: number; start: number; end: number }
  | { kind: 'done'; verdict: PdfVerdict };

/** Server -> worker over the job's port: the bytes asked for, or why they could not be read. */
export type ReadReply = { seq: number; bytes: Uint8Array } | { seq: number; error: string };
