// Batch upload's autofill (issue 36): the share of the corpus's real papers whose subject, exam
// and year are guessed right from what the browser sends (the file's name and its first page's
// pdf.js text, empty for a scan), against labels read off each paper's header. Each file twice:
// under its own name, and renamed as a phone names a scan, so the first page's part shows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
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
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'src', 'server', 'modules', 'resources', 'upload-guess.ts')], outfile });
  const { guessUpload } = await import(outfile);

  for (const naming of ['as named', 'renamed scanNNNN.pdf']) {
    const right = { subject: 0, exam: 0, year: 0, all: 0 };
    for (const [index, truth] of TRUTH.entries()) {
      const bytes = readFileSync(path.join(corpus, truth.file));
      const name = naming === 'as named' ? path.basename(truth.file) : `scan${String(index + 1).padStart(4, '0')}.pdf`;
      const guess = guessUpload(name, await firstPageText(bytes), CONTEXT);
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
}
