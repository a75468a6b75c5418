// Grouping's cost (issue 35: splitting and grouping add under 10% to a paper's processing time):
// a new paper's 20 questions grouped against a subject of 40 papers (ten years of four exams) and
// of 200, as processing groups them (question-groups.ts groupPaper). The subject's questions are the labelled
// repeat texts and the demo papers' questions, asked again with their numbers changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const SUBJECT_SIZES = [40, 200];
const QUESTIONS = 20;
const NEW_PAPERS = 7;

/**
 * @param {{ record: (what: string, value: string, budget: string, ok: boolean | null) => void, texts: string[], processMs: number[] }} bench
 *   texts: questions to draw the subject from (the demo papers'); processMs: born-digital papers' processing times
 */
export async function benchGrouping({ record, texts, processMs }) {
  const bundle = path.join(root, 'dist', 'bench', 'question-groups.mjs');
  await build({
    ...nodeBundle,
    stdin: {
      contents: "export { groupPaper } from './src/server/modules/questions/question-groups.ts'; export { signature } from './src/server/modules/questions/question-similarity.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: bundle,
  });
  const { groupPaper, signature } = await import(bundle);
  const fixture = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'questions', 'repeat-pairs.json'), 'utf8'));
  const pool = [...fixture.subjects.flatMap((/** @type {{ groups: string[][] }} */ s) => s.groups.flat()), ...texts];
  const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const processing = median(processMs);
  for (const papers of SUBJECT_SIZES) {
    let seed = 45;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    // Some questions come back often, most rarely; a new year changes the numbers in them.
    const ask = (/** @type {number} */ paper) => pool[Math.floor(random() ** 2 * pool.length)].replace(/\d+/g, (n) => String(Number(n) + (paper % 4)));
    const others = [];
    for (let p = 0; p < papers; p++) {
      for (let q = 0; q < QUESTIONS; q++) {
        const text = ask(p);
        others.push({ resourceId: `paper-${p}`, label: `Q${q + 1}`, text, stem: null, signature: JSON.stringify(signature(text)), groupKey: `g-${p}-${q}` });
      }
    }
    const times = [];
    for (let n = 0; n < NEW_PAPERS; n++) {
      const paper = Array.from({ length: QUESTIONS }, (_, q) => ({ label: `Q${q + 1}`, text: ask(papers + n), stem: null }));
      const started = performance.now();
      groupPaper(`new-${n}`, paper, others, []);
      times.push(performance.now() - started);
    }
    const grouping = median(times);
    const share = grouping / processing;
    record(
      `question grouping, a paper against ${papers} papers x ${QUESTIONS} questions / a born-digital paper's processing`,
      `${(share * 100).toFixed(1)}% (median ${grouping.toFixed(0)} ms of ${processing.toFixed(0)} ms)`,
      '< 10%',
      share < 0.1,
    );
  }
}
