/**
 * Which group each of a paper's new questions joins: the group of the most similar question of
 * another paper of the subject (candidates found by LSH bands, confirmed by their texts'
 * similarity; decision 045), or a new one. Choices made by hand win over similarity: "the
 * same" puts the question in its partner's group, "not the same" keeps it out of the partner's.
 */
import { randomUUID } from 'node:crypto';
import { bandKeys, REPEAT_PARAMETERS, signature, textScorer } from './question-similarity.js';

export interface GroupCandidate {
  resourceId: string;
  label: string;
  text: string;
  signature: readonly number[];
  groupKey: string;
}

export interface NewQuestion {
  label: string;
  text: string;
  signature: readonly number[];
}

export interface HandChoice {
  resourceA: string;
  labelA: string;
  resourceB: string;
  labelB: string;
  same: boolean;
}

export interface Grouping {
  /** The LSH band keys of a signature: questions sharing none are not compared. */
  bandKeys(signature: readonly number[]): number[];
  /** How alike two questions' texts are, 0..1. */
  similarity(a: string, b: string): number;
  /** Questions at least this similar ask the same thing. */
  threshold: number;
  newKey(): string;
}

/** The group key of each new question, in order. */
export function assignGroups(
  resourceId: string,
  questions: readonly NewQuestion[],
  others: readonly GroupCandidate[],
  choices: readonly HandChoice[],
  grouping: Grouping,
): string[] {
  const key = (resource: string, label: string) => `${resource}\u0000${label}`;
  const groupOf = new Map(others.map((o) => [key(o.resourceId, o.label), o.groupKey]));
  const partners = (label: string, same: boolean): string[] =>
    choices.flatMap((c) => {
      if (c.same !== same) return [];
      if (c.resourceA === resourceId && c.labelA === label) return [key(c.resourceB, c.labelB)];
      if (c.resourceB === resourceId && c.labelB === label) return [key(c.resourceA, c.labelA)];
      return [];
    });
  // The paper's own band keys are kept, and each of the subject's questions is checked against
  // them: bucketing the whole subject cost a 200-paper subject 256,000 keys a paper.
  const wanted = new Map<number, number[]>();
  questions.forEach((question, n) => {
    for (const band of grouping.bandKeys(question.signature)) {
      const asking = wanted.get(band);
      if (asking) asking.push(n);
      else wanted.set(band, [n]);
    }
  });
  const candidates = questions.map(() => new Set<number>());
  others.forEach((other, i) => {
    for (const band of grouping.bandKeys(other.signature)) for (const n of wanted.get(band) ?? []) candidates[n]!.add(i);
  });
  return questions.map((question, n) => {
    const chosen = partners(question.label, true)
      .map((p) => groupOf.get(p))
      .find((g) => g !== undefined);
    if (chosen) return chosen;
    const refused = new Set(partners(question.label, false).flatMap((p) => groupOf.get(p) ?? []));
    let best: { groupKey: string; score: number } | null = null;
    for (const i of candidates[n]!) {
      const other = others[i]!;
      if (refused.has(other.groupKey)) continue;
      const score = grouping.similarity(question.text, other.text);
      if (score >= grouping.threshold && (!best || score > best.score)) best = { groupKey: other.groupKey, score };
    }
    return best?.groupKey ?? grouping.newKey();
  });
}

/** A question of a paper being grouped. */
export interface PaperQuestion {
  label: string;
  text: string;
  stem: string | null;
}

/** A question of the subject as stored, its signature as JSON. */
export interface StoredQuestion extends PaperQuestion {
  resourceId: string;
  signature: string;
  groupKey: string;
}

/**
 * Signs a paper's questions and finds each one's group among the subject's stored questions of
 * other papers: each question's signature and group key, in order. One scorer per paper, so each
 * of the subject's texts is read once however many of the paper's questions meet it.
 */
export function groupPaper(
  resourceId: string,
  questions: readonly PaperQuestion[],
  others: readonly StoredQuestion[],
  choices: readonly HandChoice[],
): Array<{ signature: number[]; groupKey: string }> {
  const signed = questions.map((q) => {
    const text = comparedText(q.text, q.stem);
    return { label: q.label, text, signature: signature(text) };
  });
  const score = textScorer();
  const { threshold } = REPEAT_PARAMETERS;
  const keys = assignGroups(
    resourceId,
    signed,
    others.map((o) => ({ resourceId: o.resourceId, label: o.label, text: comparedText(o.text, o.stem), signature: JSON.parse(o.signature) as number[], groupKey: o.groupKey })),
    choices,
    { bandKeys: (sig) => bandKeys(sig), similarity: (a, b) => score(a, b, threshold), threshold, newKey: randomUUID },
  );
  return signed.map((q, i) => ({ signature: q.signature, groupKey: keys[i]! }));
}

/** A part too short to tell apart ("(b) Explain.") is compared with its question's lead-in. */
function comparedText(text: string, stem: string | null): string {
  return stem && text.split(/\s+/).length < 6 ? `${stem} ${text}` : text;
}
