import type { HitQuestion } from '../../../shared/search.js';
import type { SoughtStems } from '../search/index.js';
import { yearOf } from './asked.js';
import type { QuestionOnPage, QuestionRepository } from './question.repository.js';

/**
 * Names the question each search hit stands in (issue 35): on the hit's page, the question whose
 * text holds the most searched groups (most of them at least), the first on the page on a tie,
 * with how often its group was asked. Two statements for a whole page of results, run after the
 * page is chosen; the ranking never waits for it.
 */
export class QuestionHits {
  constructor(private readonly repository: QuestionRepository) {}

  /** Keyed by resource id; hits on page 0 (subject or file name) or with no such question are absent. */
  async find(hits: ReadonlyArray<{ resourceId: string; page: number }>, sought: SoughtStems): Promise<Map<string, HitQuestion>> {
    const rows = await this.repository.onPages(hits.filter((h) => h.page > 0), sought);
    const best = new Map<string, QuestionOnPage>();
    for (const row of rows) {
      const held = best.get(row.resource_id);
      if (!held || Number(row.found) > Number(held.found) || (Number(row.found) === Number(held.found) && Number(row.position) < Number(held.position))) {
        best.set(row.resource_id, row);
      }
    }
    const papers = await this.repository.papersAsking([...new Set([...best.values()].map((q) => q.group_key))]);
    const years = new Map<string, Map<string, number | null>>();
    for (const paper of papers) {
      const ofGroup = years.get(paper.group_key) ?? new Map<string, number | null>();
      ofGroup.set(paper.resource_id, yearOf(paper));
      years.set(paper.group_key, ofGroup);
    }
    const found = new Map<string, HitQuestion>();
    for (const [resourceId, q] of best) {
      const asking = years.get(q.group_key) ?? new Map<string, number | null>();
      found.set(resourceId, {
        id: q.id,
        label: q.label,
        marks: q.marks === null ? null : Number(q.marks),
        askedYears: [...new Set([...asking.values()].filter((y): y is number => y !== null))].sort((a, b) => a - b),
        askedCount: Math.max(1, asking.size),
      });
    }
    return found;
  }
}
