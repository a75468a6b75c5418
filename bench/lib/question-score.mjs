// Scores a question splitter against labelled papers (issue 35, "Quality, measured"). Pure: no
// files, no splitter; bench/lib/question-split.mjs feeds it. A predicted question matches a truth
// question when number, part and page are equal and it holds >= 80% of the truth's words.

/** The share of a truth question's words a prediction must hold to count. */
export const MIN_OVERLAP = 0.8;

/**
 * @typedef {{ number: string, part: string | null, page: number, marks?: number | null, text: string }} TruthQuestion
 * @typedef {{ number: string, part: string | null, page: number, text: string, stem?: string | null }} PredictedQuestion
 * @typedef {{ truth: TruthQuestion, reason: string, overlap: number }} Miss
 * @typedef {{ truth: number, predicted: number, matched: number, precision: number, recall: number, f1: number }} Counts
 * @typedef {Counts & { misses: Miss[], extras: PredictedQuestion[] }} PaperScore
 */

/**
 * Words as a set: NFKC (so a nukta letter compares equal however it was typed), lowercase, runs of
 * letters, combining marks and digits. Devanagari vowel signs are marks, so Hindi words stay whole.
 * @param {string} text
 * @returns {Set<string>}
 */
export function tokens(text) {
  return new Set(text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []);
}

/**
 * |shared words| / |truth words|: extra predicted words (a figure's labels, the next line) cost nothing.
 * @param {string} truthText
 * @param {string} predictedText
 */
export function overlap(truthText, predictedText) {
  const truth = tokens(truthText);
  if (truth.size === 0) return 1;
  const predicted = tokens(predictedText);
  let shared = 0;
  for (const word of truth) if (predicted.has(word)) shared++;
  return shared / truth.size;
}

/**
 * "Q3", "3.", "Question 3", "(3)" -> "3"; anything else lowercased as is ("bonus").
 * @param {string | number} number
 */
export function normaliseNumber(number) {
  const text = String(number).trim().toLowerCase();
  return text.replace(/^\(/, '').replace(/^(?:question|q)\s*\.?\s*(?=\d)/, '').replace(/[.):\s]+$/, '');
}

/**
 * "(a)", "a)", "A" -> "a"; "(a)(ii)", "a.ii", "a (ii)" -> "a.ii"; none -> null.
 * @param {string | null | undefined} part
 */
export function normalisePart(part) {
  if (part === null || part === undefined) return null;
  const pieces = String(part).toLowerCase().split(/[().\s]+/).filter(Boolean);
  return pieces.length ? pieces.join('.') : null;
}

/**
 * @param {{ number: string | number, part?: string | null, page: number }} question
 */
const key = (question) => `${normaliseNumber(question.number)}|${normalisePart(question.part) ?? ''}|${question.page}`;

/** @param {PredictedQuestion} question */
const predictedText = (question) => (question.stem ? `${question.stem} ${question.text}` : question.text);

/**
 * @param {number} matched
 * @param {number} truth
 * @param {number} predicted
 * @returns {Counts}
 */
function counts(matched, truth, predicted) {
  const precision = predicted === 0 ? (truth === 0 ? 1 : 0) : matched / predicted;
  const recall = truth === 0 ? 1 : matched / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truth, predicted, matched, precision, recall, f1 };
}

/**
 * One paper: each truth question takes at most one prediction of its number, part and page (the
 * one overlapping it most), so a question predicted twice counts once and the copy lowers precision.
 * A prediction's stem (a question's words before its first part) counts as its text.
 * @param {readonly TruthQuestion[]} truth
 * @param {readonly PredictedQuestion[]} predicted
 * @returns {PaperScore}
 */
export function scorePaper(truth, predicted) {
  /** @type {Map<string, PredictedQuestion[]>} */
  const byKey = new Map();
  for (const question of predicted) {
    const list = byKey.get(key(question)) ?? [];
    list.push(question);
    byKey.set(key(question), list);
  }
  const used = new Set();
  /** @type {Miss[]} */
  const misses = [];
  let matched = 0;
  for (const question of truth) {
    const candidates = (byKey.get(key(question)) ?? []).filter((candidate) => !used.has(candidate));
    let best = null;
    let bestOverlap = -1;
    for (const candidate of candidates) {
      const value = overlap(question.text, predictedText(candidate));
      if (value > bestOverlap) [best, bestOverlap] = [candidate, value];
    }
    if (best && bestOverlap >= MIN_OVERLAP) {
      used.add(best);
      matched++;
    } else {
      const where = `Q${question.number}${question.part ? `(${question.part})` : ''} p${question.page}`;
      const reason = best ? `${where}: text overlap ${bestOverlap.toFixed(2)}` : `${where}: not predicted`;
      misses.push({ truth: question, reason, overlap: Math.max(bestOverlap, 0) });
    }
  }
  const extras = predicted.filter((question) => !used.has(question));
  return { ...counts(matched, truth.length, predicted.length), misses, extras };
}

/**
 * Pooled over papers (micro average): every question weighs the same, whichever paper it is in.
 * @param {readonly Counts[]} scores
 * @returns {Counts}
 */
export function pool(scores) {
  const sum = (/** @type {'truth' | 'predicted' | 'matched'} */ field) => scores.reduce((total, score) => total + score[field], 0);
  return counts(sum('matched'), sum('truth'), sum('predicted'));
}
