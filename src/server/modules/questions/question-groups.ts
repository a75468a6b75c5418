/**
 * Which group each of a paper's new questions joins: the group of the most similar question of
 * another paper of the subject (candidates found by LSH bands, confirmed by their texts'
 * similarity; decision 045), or a new one. Choices made by hand win over similarity: "the
 * same" puts the question in its partner's group, "not the same" keeps it out of the partner's.
 */

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
  bandKeys(signature: readonly number[]): string[];
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
  const buckets = new Map<string, number[]>();
  others.forEach((other, i) => {
    for (const band of grouping.bandKeys(other.signature)) buckets.set(band, [...(buckets.get(band) ?? []), i]);
  });
  return questions.map((question) => {
    const chosen = partners(question.label, true)
      .map((p) => groupOf.get(p))
      .find((g) => g !== undefined);
    if (chosen) return chosen;
    const refused = new Set(partners(question.label, false).flatMap((p) => groupOf.get(p) ?? []));
    let best: { groupKey: string; score: number } | null = null;
    const candidates = new Set(grouping.bandKeys(question.signature).flatMap((band) => buckets.get(band) ?? []));
    for (const i of candidates) {
      const other = others[i]!;
      if (refused.has(other.groupKey)) continue;
      const score = grouping.similarity(question.text, other.text);
      if (score >= grouping.threshold && (!best || score > best.score)) best = { groupKey: other.groupKey, score };
    }
    return best?.groupKey ?? grouping.newKey();
  });
}
