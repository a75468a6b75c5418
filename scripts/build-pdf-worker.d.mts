/** Bundles src/server/modules/resources/pdf-inspection.worker.ts to dist/server/pdf-inspection-worker.mjs. */
export function buildPdfWorker(): Promise<void>;
export const nodeBundle: Record<string, unknown>;
