// Bundled by src/server/modules/processing/bundle.test.ts the way the server is bundled, then run
// as `node probe.mjs file.pdf`: like a processing child process (decision 030), its main thread
// makes the thumbnail and OCRs page 1 (tesseract.js starts its own worker thread). Prints one JSON line.
import { readFileSync } from 'node:fs';
import { createPageOcr } from '../../src/server/modules/processing/ocr.js';
import { makeThumbnail } from '../../src/server/modules/processing/thumbnail.js';
import { openPdf } from './scanned-pdf.js';

const document = await openPdf(readFileSync(process.argv[2]!));
const ocr = createPageOcr();
try {
  const thumbnail = await makeThumbnail(document);
  const { text, confidence } = await ocr.recognizePage(document, 1);
  const { contentType, width, height, bytes } = thumbnail;
  console.log(JSON.stringify({ thumbnail: { contentType, width, height, magic: bytes.toString('latin1', 8, 12) }, text, confidence }));
} finally {
  await ocr.close();
  await document.destroy();
}
