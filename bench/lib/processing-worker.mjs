// Runs in a worker thread after esbuild bundles it (bench/lib/processing.mjs does; it imports the
// TypeScript sources, so it cannot run as is). pdf.js's legacy build swaps JSON and Array
// helpers for polyfills in the thread that loads it: here that is this worker, not the bench.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createPageOcr } from '../../src/server/modules/processing/ocr.ts';
import { pdfAssetOptions } from '../../src/server/modules/resources/pdf-assets.ts';
import { makeThumbnail } from '../../src/server/modules/processing/thumbnail.ts';
import { makePdf } from './pdf.mjs';

const open = (bytes) =>
  getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, ...pdfAssetOptions() }).promise;

async function timed(fn) {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Opens each file, thumbnails page 1 (render + WebP): ms per resource, opening included. */
async function thumbnails(files) {
  const times = [];
  for (const bytes of files) {
    const { ms } = await timed(async () => {
      const document = await open(bytes);
      try {
        return await makeThumbnail(document);
      } finally {
        await document.destroy();
      }
    });
    times.push(ms);
  }
  return times;
}

/** pdf.js text extraction of every page of a generated PDF; pages per second, best of `runs`. */
async function extraction(pages, runs) {
  const pdf = makePdf({ pages, text: 'Dijkstra shortest paths, merge sort and the Laplace transform' });
  let best = 0;
  for (let run = 0; run < runs; run++) {
    const { ms } = await timed(async () => {
      const document = await open(pdf);
      try {
        for (let n = 1; n <= document.numPages; n++) {
          const page = await document.getPage(n);
          await page.getTextContent();
          page.cleanup();
        }
      } finally {
        await document.destroy();
      }
    });
    best = Math.max(best, pages / (ms / 1000));
  }
  return best;
}

/** OCR of page 1 of each scanned file (render + PNG + Tesseract); the model load is timed apart. */
async function ocr(files) {
  const engine = createPageOcr();
  try {
    const blank = await open(makePdf({ text: ' ' }));
    const { ms: startMs } = await timed(() => engine.recognizePage(blank, 1));
    await blank.destroy();
    const pages = [];
    for (const bytes of files) {
      const document = await open(bytes);
      try {
        const { ms, value } = await timed(() => engine.recognizePage(document, 1));
        pages.push({ ms, confidence: value.confidence, chars: value.text.length });
      } finally {
        await document.destroy();
      }
    }
    return { startMs, pages };
  } finally {
    await engine.close();
  }
}

const { scannedFiles, ocrFiles } = workerData;
const read = (list) => list.map((file) => readFileSync(file));
const scanned = read(scannedFiles);
const generated = Array.from({ length: 10 }, (_, i) => makePdf({ pages: 10, text: `Generated resource ${i}` }));
await thumbnails([generated[0]]); // warm-up: pdf.js fonts and the canvas
parentPort.postMessage({
  thumbnailScanned: await thumbnails(scanned),
  thumbnailGenerated: await thumbnails(generated),
  extractionPagesPerSecond: await extraction(50, 3),
  ocr: await ocr(read(ocrFiles)),
});
