// Bundles the PDF inspection worker to dist/server/pdf-inspection-worker.mjs, the processing
// worker to dist/server/processing-worker.mjs, batch upload's header OCR process and the
// screenshot re-encoder's child process. Used by the server build and by the test suite's global set-up, so tests run the same files as production.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** How every server-side file is bundled: ESM for Node 20, dependencies left in node_modules. */
export const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

export async function buildPdfWorker() {
  await build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'src/server/modules/resources/pdf-inspection.worker.ts')],
    outfile: path.join(root, 'dist/server/pdf-inspection-worker.mjs'),
  });
  await build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'src/server/modules/processing/processing.worker.ts')],
    outfile: path.join(root, 'dist/server/processing-worker.mjs'),
  });
  await build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'src/server/modules/resources/header-ocr.worker.ts')],
    outfile: path.join(root, 'dist/server/header-ocr-worker.mjs'),
  });
  await build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'src/server/db/sqlite-reader.worker.ts')],
    outfile: path.join(root, 'dist/server/sqlite-reader-worker.mjs'),
  });
  await build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'src/server/modules/reports/screenshot-reencode.child.ts')],
    outfile: path.join(root, 'dist/server/screenshot-reencode.mjs'),
  });
}
