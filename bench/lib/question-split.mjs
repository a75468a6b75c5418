// Split quality (issue 35, "Quality, measured"): the question splitter against labelled papers,
// the six corpus scans (tests/fixtures/questions/*.json, labelled by reading them) and the demo
// library's papers (truth from the model they are drawn from). Pages come from the built
// processing worker as production makes them; scoring is question-score.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
import { corpusDir } from './processing.mjs';
import { benchGrouping } from './question-grouping.mjs';
import { MIN_OVERLAP, overlap, pool, scorePaper } from './question-score.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
/** Where the splitter lives once merged; QUESTION_SPLITTER=<file> scores another one. */
export const SPLITTER_SOURCE = 'src/server/modules/questions/question-split.ts';
const TARGETS = { 'born-digital': 0.9, scan: 0.8, 'held-out': 0.8 };
/** OCR of the scans takes minutes: kept here between runs (keyed by file and OCR code). */
const CACHE_DIR = path.join(tmpdir(), 'studyshelf-bench-questions');

const pct = (/** @type {number} */ value) => value.toFixed(2);
/** @param {import('./question-score.mjs').Counts} c */
const summary = (c) => `P ${pct(c.precision)} R ${pct(c.recall)} F1 ${pct(c.f1)} (${c.matched}/${c.truth} right, ${c.predicted} predicted)`;

/**
 * Scores the splitter and calls record(what, value, budget, ok): a row per paper, one per kind.
 * @param {{ record: (what: string, value: string, budget: string, ok: boolean | null) => void, step: (text: string) => void }} bench
 */
export async function benchQuestions({ record, step }) {
  const splitterSource = path.resolve(root, process.env.QUESTION_SPLITTER ?? SPLITTER_SOURCE);
  const workerFile = path.join(root, 'dist', 'server', 'processing-worker.mjs');
  const missing = [
    [splitterSource, `the splitter (${path.relative(root, splitterSource)}) is not on this branch yet`],
    [workerFile, 'dist/server/processing-worker.mjs is missing: run `npm run build`'],
  ].find(([file]) => !existsSync(file));
  if (missing) {
    console.error(`question split bench: ${missing[1]}`);
    record('question split F1 (born-digital / scans)', `not measured: ${missing[1]}`, 'F1 >= 0.9 / >= 0.8', false);
    return;
  }
  const corpus = corpusDir();
  const truthDir = path.join(root, 'tests', 'fixtures', 'questions');
  const scans = !corpus
    ? []
    : readdirSync(truthDir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => JSON.parse(readFileSync(path.join(truthDir, name), 'utf8')))
        // The folder also holds repeat-pairs.json (repeat grouping's labels), which names no file.
        .filter((truth) => typeof truth.file === 'string')
        .map((truth) => ({ truth, path: path.join(corpus, truth.file) }));
  if (!corpus) record('question split, scans', '../shared/corpus missing: scans not scored', `F1 >= ${TARGETS.scan}`, null);
  // Papers labelled elsewhere and kept out of the repository (QUESTION_HELDOUT=folder holding
  // questions/*.json and the PDFs they name): scored apart, as the splitter was not tuned on them.
  const heldOutDir = process.env.QUESTION_HELDOUT;
  if (heldOutDir) {
    for (const name of readdirSync(path.join(heldOutDir, 'questions')).filter((n) => n.endsWith('.json')).sort()) {
      const truth = JSON.parse(readFileSync(path.join(heldOutDir, 'questions', name), 'utf8'));
      scans.push({ truth: { ...truth, kind: 'held-out' }, path: path.join(heldOutDir, truth.file) });
    }
  }

  const splitterFile = path.join(root, 'dist', 'bench', 'question-split.mjs');
  const runFile = path.join(root, 'dist', 'bench', 'question-split-run.mjs');
  await build({ ...nodeBundle, entryPoints: [splitterSource], outfile: splitterFile });
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'bench', 'lib', 'question-split-run.mjs')], outfile: runFile });
  step(`splitting ${scans.length} labelled scans and the demo papers (OCR cached in ${CACHE_DIR})`);

  /** @type {any[]} */
  const results = [];
  await new Promise((resolve, reject) => {
    const worker = new Worker(runFile, { workerData: { root, workerFile, splitterFile, cacheDir: CACHE_DIR, scans } });
    worker.on('message', (message) => {
      if (message.done) return resolve(undefined);
      results.push(message);
      step(`  ${message.file}: ${message.error ? `FAILED ${message.error}` : `${message.predicted.length} questions${message.cached ? ' (OCR cached)' : ''}`}`);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`question split bench worker exited (code ${code})`))));
  });

  for (const kind of /** @type {const} */ (['born-digital', 'scan', 'held-out'])) {
    const target = `F1 >= ${TARGETS[kind]}`;
    const scores = [];
    let readableTotal = 0;
    for (const result of results.filter((r) => r.kind === kind)) {
      const name = kind === 'born-digital' ? result.file : `${kind === 'held-out' ? '(held out) ' : ''}${path.basename(result.file)}`;
      if (result.error) {
        record(`question split ${name}`, `failed: ${result.error}`, target, false);
        scores.push(scorePaper(result.truth ?? [], []));
        continue;
      }
      const score = scorePaper(result.truth, result.predicted);
      scores.push(score);
      // What a perfect splitter could reach: truth questions whose words are on their page's text.
      const readable = result.truth.filter((q) => overlap(q.text, result.bodies[q.page - 1] ?? '') >= MIN_OVERLAP).length;
      readableTotal += readable;
      const notes = [
        readable < result.truth.length ? `text of ${readable}/${result.truth.length} on their page` : '',
        result.splittable ? '' : `unsplittable: ${result.reason ?? 'no reason given'}`,
        result.fallbackPages ? `${result.fallbackPages} p lines from pdf.js in the bench` : '',
        result.moved ? `${result.moved} truth pages moved to overflow` : '',
      ].filter(Boolean);
      record(`question split ${name}`, `${summary(score)}${notes.length ? `; ${notes.join('; ')}` : ''}`, target, score.f1 >= TARGETS[kind]);
      for (const miss of score.misses.slice(0, 5)) step(`    missed ${miss.reason}`);
      for (const extra of score.extras.slice(0, 3)) step(`    extra Q${extra.number}${extra.part ? `(${extra.part})` : ''} p${extra.page}: ${extra.text.slice(0, 60)}`);
    }
    if (kind === 'held-out' && !scores.length) continue;
    const pooled = pool(scores);
    const ceiling = readableTotal < pooled.truth ? `; text of ${readableTotal}/${pooled.truth} on their page` : '';
    record(`question split, all ${scores.length} ${{ scan: 'scanned', 'held-out': 'held-out scanned', 'born-digital': 'born-digital' }[kind]} papers (pooled)`, `${summary(pooled)}${ceiling}`, target, scores.length > 0 && pooled.f1 >= TARGETS[kind]);
  }

  // Issue 35's cost budget: splitting adds under 10% to a paper's processing time.
  const timed = results.filter((r) => !r.error && r.processMs > 0);
  if (timed.length) {
    const split = timed.reduce((sum, r) => sum + r.splitMs, 0);
    const processing = timed.reduce((sum, r) => sum + r.processMs, 0);
    const share = split / processing;
    record(
      `question split time / processing time (${timed.length} papers)`,
      `${(share * 100).toFixed(2)}% (${split.toFixed(0)} ms of ${(processing / 1000).toFixed(1)} s)`,
      '< 10%',
      share < 0.1,
    );
  }
  const bornDigital = timed.filter((r) => r.kind === 'born-digital');
  if (bornDigital.length) {
    step('grouping a paper against a subject of 200 papers');
    await benchGrouping({ record, texts: bornDigital.flatMap((r) => r.predicted.map((q) => q.text)), processMs: bornDigital.map((r) => r.processMs) });
  }
}
