// Bundled by src/server/modules/processing/bundle.test.ts the way the server is bundled, then run
// as `node probe.mjs file.pdf`: like the processing pipeline, the main thread starts a worker
// thread with resource limits, which makes the thumbnail and OCRs page 1. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createPageOcr } from '../../src/server/modules/processing/ocr.js';
import { makeThumbnail } from '../../src/server/modules/processing/thumbnail.js';
import { openPdf } from './scanned-pdf.js';

if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { file: process.argv[2] },
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  worker.once('message', (result) => console.log(JSON.stringify(result)));
  worker.once('error', (error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const document = await openPdf(readFileSync((workerData as { file: string }).file));
  const ocr = createPageOcr();
  try {
    const thumbnail = await makeThumbnail(document);
    const { text, confidence } = await ocr.recognizePage(document, 1);
    const { contentType, width, height, bytes } = thumbnail;
    parentPort!.postMessage({ thumbnail: { contentType, width, height, magic: bytes.toString('latin1', 8, 12) }, text, confidence });
  } finally {
    await ocr.close();
    await document.destroy();
  }
}
