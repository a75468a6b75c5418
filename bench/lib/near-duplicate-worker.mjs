// Runs in a worker thread after esbuild bundles it (bench/lib/near-duplicates.mjs does). One real
// phone scan, three copies made of it (rotated 3 degrees, re-compressed as a poor JPEG, cropped),
// each read by the app's own OCR engine (processing/ocr.ts, the Tesseract setup processing
// uses), then compared with the app's near-duplicate measure: copy vs. original, and the
// original vs. unrelated scans.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createPageOcr, OCR_WIDTH_PX } from '../../src/server/modules/processing/ocr.ts';
import { renderPage } from '../../src/server/modules/processing/render-page.ts';
import { pdfAssetOptions } from '../../src/server/modules/resources/pdf-assets.ts';
import { NEAR_DUPLICATE, paperSimilarity } from '../../src/server/modules/resources/near-duplicate.ts';

const open = (bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, ...pdfAssetOptions() }).promise;

/** Page 1 of a PDF as a PNG about OCR_WIDTH_PX wide, as processing renders it for OCR. */
async function pageImage(bytes) {
  const document = await open(bytes);
  try {
    const rendered = await renderPage(document, 1, { width: OCR_WIDTH_PX });
    try {
      return await rendered.canvas.encode('png');
    } finally {
      rendered.release();
    }
  } finally {
    await document.destroy();
  }
}

/**
 * Draws `png` onto a new canvas with `draw(ctx, image)`, encoded as PNG, or as JPEG of `quality`.
 * @param {number} [quality]
 */
async function redraw(png, width, height, draw, quality) {
  const image = await loadImage(png);
  const canvas = createCanvas(width(image), height(image));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  draw(ctx, image);
  return quality === undefined ? canvas.encode('png') : canvas.encode('jpeg', quality);
}

const { original, unrelated } = workerData;
const engine = createPageOcr();
try {
  const page = await pageImage(readFileSync(original));
  const copies = {
    'rotated 3 degrees': await redraw(page, (i) => i.width, (i) => i.height, (ctx, i) => {
      ctx.translate(i.width / 2, i.height / 2);
      ctx.rotate((3 * Math.PI) / 180);
      ctx.drawImage(i, -i.width / 2, -i.height / 2);
    }),
    're-compressed (JPEG q25, half size)': await redraw(page, (i) => Math.round(i.width / 2), (i) => Math.round(i.height / 2), (ctx, i) => ctx.drawImage(i, 0, 0, i.width / 2, i.height / 2), 25),
    'cropped (15% off the bottom, 4% each side)': await redraw(page, (i) => Math.round(i.width * 0.92), (i) => Math.round(i.height * 0.85), (ctx, i) => ctx.drawImage(i, -i.width * 0.04, 0)),
  };
  const read = async (image) => (await engine.recognizeImage(Buffer.from(image))).text;
  const originalText = await read(page);
  const others = [];
  for (const file of unrelated) others.push(await read(await pageImage(readFileSync(file))));
  const rows = [];
  for (const [name, image] of Object.entries(copies)) {
    const text = await read(image);
    rows.push({ copy: name, toOriginal: paperSimilarity(text, originalText), toUnrelated: Math.max(...others.map((other) => paperSimilarity(text, other))) });
  }
  parentPort.postMessage({ rows, originalVsUnrelated: Math.max(...others.map((other) => paperSimilarity(originalText, other))), threshold: NEAR_DUPLICATE.threshold });
} finally {
  await engine.close();
}
