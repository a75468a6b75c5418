// Batch upload's autofill (issue 36): the share of the corpus's real papers whose subject, exam
// and year are guessed right from what the browser sends (the file's name and its first page's
// pdf.js text, empty for a scan, and then the header strip the server reads by OCR; decision
// 056), against labels read off each paper's header. Each file twice: under its own name, and
// renamed as a phone names a scan, so the first page's part shows. Needs `npm run build` (the
// header OCR process is dist/server/header-ocr-worker.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
import { headerStrip } from './header-strip.mjs';
import { corpusDir } from './processing.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Read off each first page: the course, the exam as this library names it, the year it was sat. */
const TRUTH = [
  { file: 'scanned/ANLP_mid_2023_M.pdf', subject: 'Advanced Natural Language Processing', exam: 'Mid-sem 1', examYear: 2023 },
  { file: 'scanned/CMP_papers_2020.pdf', subject: 'Compilers', exam: 'End-sem', examYear: 2020 },
  { file: 'scanned/DM_mid1_2020.pdf', subject: 'Disaster Management', exam: 'Mid-sem 1', examYear: 2020 },
  { file: 'scanned/EVS_mid1_2018.pdf', subject: 'Environmental Science', exam: 'Mid-sem 1', examYear: 2018 },
  { file: 'scanned/MCT_mid_2025_M.pdf', subject: 'Modern Complexity Theory', exam: 'Mid-sem 1', examYear: 2025 },
  { file: 'scanned/RHL_mid_2025_M.pdf', subject: 'Readings from Hindi Literature', exam: 'Mid-sem 1', examYear: 2025 },
];

/** The class's catalogue as a fresh install would hold it: the courses, no abbreviations added. */
const CONTEXT = {
  semester: 5,
  subjects: TRUTH.map((t) => t.subject),
  aliases: [],
  exams: ['Mid-sem 1', 'Mid-sem 2', 'End-sem', 'Supplementary', 'Class test', 'Quiz'],
  academicYears: Array.from({ length: 12 }, (_, i) => `${2026 - i}-${String((27 - i + 100) % 100).padStart(2, '0')}`),
};

/** Page 1's text as the batch upload reads it in the browser (first-page.ts). */
async function firstPageText(bytes) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const content = await (await pdf.getPage(1)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
  } finally {
    await pdf.destroy();
  }
}

/** @param {{ record: (what: string, value: string, budget: string, ok: boolean | null) => void, step: (text: string) => void }} bench */
export async function benchAutofill({ record, step }) {
  const corpus = corpusDir();
  if (!corpus) {
    record('autofill: subject, exam and year guessed right', '../shared/corpus missing: not measured', 'printed', null);
    return;
  }
  const outfile = path.join(root, 'dist', 'bench', 'upload-guess.mjs');
  const resources = path.join(root, 'src', 'server', 'modules', 'resources');
  await build({
    ...nodeBundle,
    stdin: {
      contents: [
        `export { guessUpload } from './upload-guess.ts';`,
        `export { HeaderOcrPool } from './header-ocr-pool.ts';`,
        `export { headerStrip as checkedStrip } from './header-strip.ts';`,
        `export { needsOcr } from '../../../shared/scan-text.ts';`,
        `export * from '../../../shared/upload-guess.ts';`,
      ].join('\n'),
      resolveDir: resources,
      loader: 'ts',
    },
    outfile,
  });
  const app = await import(outfile);
  // The server's pool with its default limits (config.ts), so a strip is read as a request's is.
  const ocr = new app.HeaderOcrPool(path.join(root, 'dist', 'server', 'header-ocr-worker.mjs'), { concurrency: 1, queue: 4, timeoutMs: 15_000, memoryMb: 384 });

  // What the server reads of each file's page 1: its text, else its header strip by OCR.
  const pages = [];
  const ocrMs = [];
  const stripBytes = [];
  try {
    for (const truth of TRUTH) {
      const bytes = readFileSync(path.join(corpus, truth.file));
      const text = await firstPageText(bytes);
      if (!app.needsOcr(text)) {
        pages.push({ text, from: 'first page' });
        continue;
      }
      const jpeg = await headerStrip(bytes, app);
      stripBytes.push(jpeg.length);
      // Through the request's own check (data URL, type, size), as the route receives it.
      const strip = app.checkedStrip(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
      const started = performance.now();
      const read = await ocr.read(strip.bytes, strip.dpi);
      ocrMs.push(performance.now() - started);
      pages.push('text' in read ? { text: read.text, from: 'scanned header' } : { text, from: 'first page' });
    }
  } finally {
    await ocr.close();
  }

  for (const naming of ['as named', 'renamed scanNNNN.pdf']) {
    const right = { subject: 0, exam: 0, year: 0, all: 0 };
    for (const [index, truth] of TRUTH.entries()) {
      const name = naming === 'as named' ? path.basename(truth.file) : `scan${String(index + 1).padStart(4, '0')}.pdf`;
      const guess = app.guessUpload(name, pages[index].text, CONTEXT, pages[index].from);
      const ok = { subject: guess.subject?.value === truth.subject, exam: guess.exam?.value === truth.exam, year: guess.examYear?.value === truth.examYear };
      for (const key of /** @type {const} */ (['subject', 'exam', 'year'])) if (ok[key]) right[key]++;
      if (ok.subject && ok.exam && ok.year) right.all++;
      step(`  ${name}: subject ${guess.subject?.value ?? '-'}, exam ${guess.exam?.value ?? '-'}, year ${guess.examYear?.value ?? '-'}`);
    }
    const n = TRUTH.length;
    record(
      `autofill of ${n} corpus papers (scans), ${naming}: subject / exam / year / all three right`,
      `${right.subject}/${n} / ${right.exam}/${n} / ${right.year}/${n} / ${right.all}/${n}`,
      'printed',
      null,
    );
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (ocrMs.length > 0) {
    record(
      `autofill: OCR of a scan's header strip (${ocrMs.length} strips, ${Math.round(median(stripBytes) / 1024)} KB median; first includes the process's start)`,
      `median ${Math.round(median(ocrMs))} ms, slowest ${Math.round(Math.max(...ocrMs))} ms`,
      'printed',
      null,
    );
  }
}
