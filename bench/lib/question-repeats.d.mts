/** The labelled questions of tests/fixtures/questions/repeat-pairs.json. */
export interface RepeatFixture {
  about: string;
  subjects: Array<{ subject: string; groups: string[][] }>;
}

export interface RepeatScores {
  precision: number;
  recall: number;
  pairs: number;
  repeats: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  errors: Array<{ subject: string; kind: 'missed' | 'wrongly grouped'; a: string; b: string }>;
}

export function readRepeatFixture(file?: string): RepeatFixture;

/** Pair precision and recall of a grouping function on the labelled questions. */
export function evaluateRepeats<O>(
  groupRepeats: (questions: Array<{ id: string; text: string; marks: number | null }>, options?: O) => string[][],
  fixture?: RepeatFixture,
  options?: O,
): RepeatScores;

/** Bundles question-similarity.ts and scores it: `npm run bench -- --only=questions`. */
export function benchQuestionRepeats(): Promise<{ precision: number; recall: number; pairs: number; repeats: number; ms: number }>;
