// Runs in a worker thread after esbuild bundles it (question-split.mjs does): every labelled paper
// through the built processing worker (dist/server/processing-worker.mjs, in a child process with
// production's heap limit and arguments), then through the splitter (bundled apart, loaded by path).
// OCR output is cached by the file's hash and the OCR code's, so a re-run re-reads no scan.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfAssetOptions } from '../../src/server/modules/resources/pdf-assets.ts';
import { demoQuestionPapers } from './demo-question-truth.mjs';
import { overlap } from './question-score.mjs';
import { textContentLines } from './text-lines.mjs';

/**
 * @typedef {{ page: number, body: string, ocr: boolean, lines?: import('./text-lines.mjs').Word[][] }} Page
 * @typedef {{ pages: Page[], processMs: number }} Extracted
 */

const { root, workerFile, splitterFile, cacheDir, scans } = workerData;
/** Production's defaults (PROCESSING_MEMORY_MB, PROCESSING_TIMEOUT_S); OCR of every page in one pass, no page images. */
const MEMORY_MB = 512;
const TIMEOUT_MS = 300_000;
const WORKER_DATA = {
  maxBufferBytes: MEMORY_MB * 1024 * 1024,
  ocr: 'auto',
  ocrBudgetMs: TIMEOUT_MS * 0.7,
  ocrFromPage: 1,
  ocrPageLimit: Number.MAX_SAFE_INTEGER,
  pageImagePages: 0,
  pageImageBudgetMs: TIMEOUT_MS * 0.9,
};
/** What OCR output depends on besides the file: a change to any of these reads the scans again. */
const OCR_SOURCES = ['ocr.ts', 'ocr-words.ts', 'ocr-margins.ts', 'ocr-text.ts', 'render-page.ts', 'processing.worker.ts'].map((name) =>
  path.join(root, 'src', 'server', 'modules', 'processing', name),
);

const sha256 = (/** @type {Uint8Array | string} */ data) => createHash('sha256').update(data).digest('hex');
const ocrCodeHash = sha256(OCR_SOURCES.map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : '')).join('\0')).slice(0, 16);

/**
 * The processing worker's pages for a file, forked as processing-worker-run.ts forks it (that
 * module is not imported: the bench's loose type check cannot narrow its unions). Waits for
 * `done`, so the time includes the thumbnail, as a paper's processing does.
 * @param {Buffer} bytes
 * @returns {Promise<Extracted>}
 */
function runWorker(bytes) {
  const started = performance.now();
  const child = fork(workerFile, [JSON.stringify(WORKER_DATA)], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${MEMORY_MB}`],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    /** @type {Page[] | undefined} */
    let pages;
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    const end = (/** @type {() => void} */ settle) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      settle();
    };
    child.on('message', (/** @type {any} */ message) => {
      if (message.kind === 'text') pages = message.pages.map(({ page, body, ocr, lines }) => ({ page, body, ocr, ...(lines ? { lines } : {}) }));
      else if (message.kind === 'failed') end(() => reject(new Error(`processing failed: ${message.reason}`)));
      else if (message.kind === 'done') end(() => (pages ? resolve({ pages, processMs: performance.now() - started }) : reject(new Error('no text from the worker'))));
    });
    child.once('exit', (code, signal) => end(() => reject(new Error(`the processing worker ended (${signal ?? code})`))));
    child.send({ bytes: new Uint8Array(bytes) });
  });
}

/**
 * The worker's pages for a file; from the cache when OCR read any of them before.
 * @param {Buffer} bytes
 * @returns {Promise<Extracted & { cached: boolean }>}
 */
async function extract(bytes) {
  const cacheFile = path.join(cacheDir, `${sha256(bytes).slice(0, 32)}-${ocrCodeHash}.json`);
  if (existsSync(cacheFile)) return { ...JSON.parse(readFileSync(cacheFile, 'utf8')), cached: true };
  const extracted = await runWorker(bytes);
  if (extracted.pages.some((page) => page.ocr)) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(extracted));
  }
  return { ...extracted, cached: false };
}

/**
 * Born-digital pages get lines from the worker once it gives them; until then from pdf.js here.
 * @param {Buffer} bytes
 * @param {Page[]} pages
 * @returns {Promise<number>} how many pages needed the fallback
 */
async function fillMissingLines(bytes, pages) {
  const missing = pages.filter((page) => !page.lines && !page.ocr && page.body.trim());
  if (!missing.length) return 0;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, ...pdfAssetOptions() }).promise;
  try {
    for (const page of missing) {
      const pdfPage = await document.getPage(page.page);
      const content = await pdfPage.getTextContent();
      const items = /** @type {import('./text-lines.mjs').TextItem[]} */ (content.items.filter((item) => 'str' in item));
      page.lines = textContentLines(items, pdfPage.getViewport({ scale: 1 }));
      pdfPage.cleanup();
    }
  } finally {
    await document.destroy();
  }
  return missing.length;
}

/**
 * A demo question whose block overflowed onto a later page than the model's: the first page from
 * the model's on whose text it stands.
 * @param {{ page: number, text: string }[]} questions
 * @param {Page[]} pages
 */
function placeOverflowed(questions, pages) {
  let moved = 0;
  for (const question of questions) {
    const here = pages.find((page) => page.page >= question.page && overlap(question.text, page.body) >= 0.9);
    if (here && here.page !== question.page) {
      question.page = here.page;
      moved++;
    }
  }
  return moved;
}

const { splitQuestions } = await import(splitterFile);
const papers = [
  ...scans.map((/** @type {{ path: string, truth: any }} */ scan) => ({ ...scan.truth, bytes: readFileSync(scan.path) })),
  ...demoQuestionPapers(),
];
for (const paper of papers) {
  try {
    const { pages, processMs, cached } = await extract(paper.bytes);
    const fallbackPages = await fillMissingLines(paper.bytes, pages);
    const moved = paper.modelPages !== undefined && pages.length !== paper.modelPages ? placeOverflowed(paper.questions, pages) : 0;
    const input = pages.map((page) => ({ page: page.page, lines: page.lines ?? [] }));
    const started = performance.now();
    const result = await splitQuestions(input);
    const splitMs = performance.now() - started;
    parentPort.postMessage({
      file: paper.file,
      kind: paper.kind,
      truth: paper.questions,
      predicted: result.questions.map(({ number, part, page, text, stem }) => ({ number, part, page, text, stem })),
      splittable: result.splittable,
      reason: result.reason,
      bodies: pages.map((page) => page.body),
      pageCount: pages.length,
      ocrPages: pages.filter((page) => page.ocr).length,
      fallbackPages,
      moved,
      processMs,
      cached,
      splitMs,
    });
  } catch (error) {
    parentPort.postMessage({ file: paper.file, kind: paper.kind, error: error instanceof Error ? error.message : String(error) });
  }
}
parentPort.postMessage({ done: true });
