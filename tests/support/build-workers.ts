import { buildPdfWorker } from '../../scripts/build-pdf-worker.mjs';

/** Vitest global set-up: the API suite uploads PDFs, which are inspected in the bundled worker. */
export default async function setup(): Promise<void> {
  await buildPdfWorker();
}
