import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeBundle } from '../../../../scripts/build-pdf-worker.mjs';
import { corpusFile } from '../../../../tests/support/corpus.js';
import { makeScannedPdf } from '../../../../tests/support/scanned-pdf.js';
import { projectRoot } from '../../project-paths.js';

const run = promisify(execFile);
const outDir = path.join(projectRoot(), 'dist', 'test-processing');
const probe = path.join(outDir, 'probe.mjs');
const noNetwork = path.join(projectRoot(), 'tests', 'support', 'no-network.mjs');

/** Runs the bundled probe on a PDF with every network call refused; returns its report. */
async function probeOffline(pdfFile: string) {
  const { stdout } = await run(process.execPath, ['--import', noNetwork, probe, pdfFile], { cwd: projectRoot(), timeout: 110_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    thumbnail: { contentType: string; width: number; height: number; magic: string };
    text: string;
    confidence: number;
  };
}

// The server runs from an esbuild bundle (dist/) with packages left in node_modules, and the
// pipeline calls OCR in a child process of its own (decision 030); tesseract.js then starts its
// own worker thread from its package folder. This checks that whole arrangement, offline.
describe('thumbnail and OCR from a bundle, in a process of its own, offline', () => {
  beforeAll(async () => {
    await build({ ...nodeBundle, entryPoints: [path.join(projectRoot(), 'tests/support/processing-probe.ts')], outfile: probe });
  }, 60_000);

  it('refuses network access under the guard (so the next test means something)', async () => {
    const attempt = run(process.execPath, ['--import', noNetwork, '-e', "await fetch('http://127.0.0.1:9/')", '--input-type=module']);
    await expect(attempt).rejects.toThrow(/network access attempted/);
  });

  it(
    'thumbnails and OCRs a scanned page with no network',
    async () => {
      const file = path.join(outDir, 'scanned.pdf');
      await writeFile(file, await makeScannedPdf('Laplace transform'));
      const report = await probeOffline(file);
      expect(report.thumbnail).toEqual({ contentType: 'image/webp', width: 240, height: 340, magic: 'WEBP' });
      expect(report.text).toMatch(/Laplace transform/);
    },
    120_000,
  );

  it(
    'reads a real scanned paper the same way',
    async () => {
      const report = await probeOffline(corpusFile('scanned', 'EVS_mid1_2018.pdf'));
      expect(report.text).toMatch(/Environmental Science/);
    },
    120_000,
  );
});
