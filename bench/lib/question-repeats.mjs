// Repeat grouping measured on labelled questions (issue 35, decision 045): every pair of texts in
// tests/fixtures/questions/repeat-pairs.json is labelled (same group = the same question asked
// again), and the grouping of each subject is scored on those pairs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE = path.join(root, 'tests', 'fixtures', 'questions', 'repeat-pairs.json');

/** The labelled questions: subjects, each a list of groups of texts that ask the same thing. */
export function readRepeatFixture(file = FIXTURE) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Pair precision and recall of `groupRepeats` (the function of question-similarity.ts) on the
 * fixture: a pair counts as found when both texts land in one group. Marks are varied (2..14)
 * so they cannot help. `errors` lists the wrong pairs, for reading.
 */
export function evaluateRepeats(groupRepeats, fixture = readRepeatFixture(), options = {}) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let pairs = 0;
  let repeats = 0;
  const errors = [];
  for (const { subject, groups } of fixture.subjects) {
    const questions = groups.flatMap((texts, group) => texts.map((text, k) => ({ id: `${group}.${k}`, text, marks: 2 + ((group * 5 + k * 3) % 13), group })));
    const groupOf = new Map();
    groupRepeats(questions, options).forEach((ids, found) => ids.forEach((id) => groupOf.set(id, found)));
    for (let i = 0; i < questions.length; i++) {
      for (let j = i + 1; j < questions.length; j++) {
        const a = questions[i];
        const b = questions[j];
        const same = a.group === b.group;
        const found = groupOf.get(a.id) === groupOf.get(b.id);
        pairs++;
        if (same) repeats++;
        if (same && found) truePositives++;
        else if (found) falsePositives++;
        else if (same) falseNegatives++;
        if (same !== found) errors.push({ subject, kind: same ? 'missed' : 'wrongly grouped', a: a.text, b: b.text });
      }
    }
  }
  const precision = truePositives / Math.max(1, truePositives + falsePositives);
  const recall = truePositives / Math.max(1, truePositives + falseNegatives);
  return { precision, recall, pairs, repeats, truePositives, falsePositives, falseNegatives, errors };
}

/**
 * `npm run bench -- --only=questions`: bundles the TypeScript module (as the server build does)
 * and returns { precision, recall, pairs, repeats, ms } for the printed table.
 */
export async function benchQuestionRepeats() {
  const outfile = path.join(root, 'dist', 'bench', 'question-similarity.mjs');
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'src', 'server', 'modules', 'questions', 'question-similarity.ts')], outfile });
  const { groupRepeats } = await import(outfile);
  const started = performance.now();
  const { precision, recall, pairs, repeats } = evaluateRepeats(groupRepeats);
  return { precision, recall, pairs, repeats, ms: performance.now() - started };
}
