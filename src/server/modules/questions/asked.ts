import type { AskedQuestion, QuestionRegion } from '../../../shared/questions.js';
import type { QuestionOfPaper } from './question.repository.js';

/** The year a paper was sat: its exam year, else its academic year's first ("2024-25": 2024). */
export function yearOf(paper: Pick<QuestionOfPaper, 'exam_year' | 'academic_year'>): number | null {
  if (paper.exam_year !== null && paper.exam_year !== undefined) return Number(paper.exam_year);
  const first = Number.parseInt(paper.academic_year.slice(0, 4), 10);
  return Number.isFinite(first) ? first : null;
}

/** A group of the subject's questions before its wording is read: `latestId` is the question whose text stands for it. */
export type AskedGroup = Omit<AskedQuestion, 'text'> & { latestId: string; latestPosition: number };

/**
 * The subject's questions gathered by group: each group once, with the papers that asked it
 * (one occurrence a paper: a paper asking it twice, as an OR alternative, counts once). The text
 * shown is the latest paper's wording.
 */
export function gatherAsked(rows: readonly QuestionOfPaper[]): Map<string, AskedGroup> {
  const byGroup = new Map<string, QuestionOfPaper[]>();
  for (const row of rows) {
    const list = byGroup.get(row.group_key) ?? [];
    list.push(row);
    byGroup.set(row.group_key, list);
  }
  const asked = new Map<string, AskedGroup>();
  for (const [groupKey, list] of byGroup) {
    const onePerPaper = [...new Map(list.map((row) => [row.resource_id, row])).values()];
    onePerPaper.sort((a, b) => (yearOf(a) ?? 0) - (yearOf(b) ?? 0));
    const latest = onePerPaper.at(-1)!;
    const years = [...new Set(onePerPaper.map(yearOf).filter((y): y is number => y !== null))];
    asked.set(groupKey, {
      groupKey,
      latestId: latest.id,
      latestPosition: Number(latest.position),
      marks: latest.marks === null ? null : Number(latest.marks),
      section: latest.section,
      asked: { count: onePerPaper.length, years },
      occurrences: onePerPaper.map((row) => ({
        resourceId: row.resource_id,
        questionId: row.id,
        title: row.title,
        label: row.label,
        page: Number(row.page),
        year: yearOf(row),
      })),
    });
  }
  return asked;
}

export function regionsOf(json: string): QuestionRegion[] {
  return JSON.parse(json) as QuestionRegion[];
}
