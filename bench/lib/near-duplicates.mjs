// Near-duplicate detection on the same paper scanned twice (issue 35, decision 047): a real scan
// from ../shared/corpus/scanned and a rotated, a re-compressed and a cropped copy of it, OCR'd
// by the app's engine, scored against the original and against unrelated scans.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
import { corpusDir } from './processing.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function benchNearDuplicates(record) {
  const corpus = corpusDir();
  if (!corpus) {
    record('near-duplicate detection', '../shared/corpus missing', '-', null);
    return;
  }
  const dir = path.join(corpus, 'scanned');
  const files = readdirSync(dir).filter((name) => name.endsWith('.pdf')).sort().map((name) => path.join(dir, name));
  // OCR takes ~10 s a page on 2 cores: one paper, three copies, two unrelated papers.
  const [original, ...rest] = files;
  const unrelated = rest.slice(0, 2);
  const outfile = path.join(root, 'dist', 'bench', 'near-duplicate-worker.mjs');
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'bench', 'lib', 'near-duplicate-worker.mjs')], outfile });
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(outfile, { workerData: { original, unrelated } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`near-duplicate bench worker exited (code ${code})`)));
  });
  const name = path.basename(original);
  for (const row of result.rows) {
    record(
      `Near duplicate: ${name} ${row.copy}, vs. original / vs. unrelated`,
      `${row.toOriginal.toFixed(2)} / ${row.toUnrelated.toFixed(2)}`,
      `>= ${result.threshold} / < ${result.threshold}`,
      row.toOriginal >= result.threshold && row.toUnrelated < result.threshold,
    );
  }
  record(`Near duplicate: ${name} vs. ${unrelated.length} unrelated scans (max)`, result.originalVsUnrelated.toFixed(2), `< ${result.threshold}`, result.originalVsUnrelated < result.threshold);
}
