// Processing figures (issue 13): pdf.js text extraction pages/s, first-page thumbnail ms per
// resource, OCR seconds per page on real phone scans (../shared/corpus/scanned). The code under
// test is the server's own (src/server/modules/processing), bundled the way the server is and run
// in a worker thread, as the processing pipeline runs it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** ../shared/corpus beside the checkout (one level further up from a worktree in /work/wt). */
export function corpusDir() {
  const candidates = [path.join(root, '..', 'shared', 'corpus'), path.join(root, '..', '..', 'shared', 'corpus')];
  return candidates.find((dir) => existsSync(dir));
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Measures and calls record(what, value, budget, ok) for each figure (no budgets in DESIGN §5). */
export async function benchProcessing(record) {
  const corpus = corpusDir();
  if (!corpus) {
    record('processing (OCR, thumbnails)', '../shared/corpus missing', '-', null);
    return;
  }
  const scannedDir = path.join(corpus, 'scanned');
  const scannedFiles = readdirSync(scannedDir).filter((name) => name.endsWith('.pdf')).sort().map((name) => path.join(scannedDir, name));
  const ocrFiles = scannedFiles.slice(0, 3);

  const outfile = path.join(root, 'dist', 'bench', 'processing-worker.mjs');
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'bench', 'lib', 'processing-worker.mjs')], outfile });
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(outfile, { workerData: { scannedFiles, ocrFiles } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`processing bench worker exited (code ${code})`)));
  });

  record('text extraction, pdf.js (50-page generated PDF)', `${result.extractionPagesPerSecond.toFixed(0)} pages/s`, '-', null);
  const thumbs = (label, times) =>
    record(`thumbnail per resource, ${label}`, `${mean(times).toFixed(0)} ms mean, ${Math.max(...times).toFixed(0)} ms max`, '-', null);
  thumbs(`${result.thumbnailScanned.length} scanned papers`, result.thumbnailScanned);
  thumbs(`${result.thumbnailGenerated.length} generated PDFs`, result.thumbnailGenerated);
  record('OCR engine start (model load, first page)', `${(result.ocr.startMs / 1000).toFixed(1)} s`, '-', null);
  const pages = result.ocr.pages;
  record(
    `OCR per page (page 1 of ${pages.length} scans, ~2000 px wide)`,
    `${(mean(pages.map((page) => page.ms)) / 1000).toFixed(1)} s mean, ${(Math.max(...pages.map((page) => page.ms)) / 1000).toFixed(1)} s max`,
    '-',
    null,
  );
  record('OCR mean confidence on those pages', `${mean(pages.map((page) => page.confidence)).toFixed(0)} / 100`, '-', null);
}
