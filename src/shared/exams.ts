/**
 * The exam a past paper (PYQ) was set for, as students name it, and when it was sat (issue 34).
 * The list is configurable (EXAMS); these are the defaults, and the names inference gives.
 */
export const DEFAULT_EXAMS = ['Mid-sem 1', 'Mid-sem 2', 'End-sem', 'Supplementary', 'Class test', 'Quiz'] as const;

export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** What a resource says of its exam; all null for other types and for papers not told. */
export interface ExamFacts {
  exam: string | null;
  examMonth: number | null;
  examYear: number | null;
}

/** "Dec 2024", "2024" or "" (a month alone says nothing). */
export function examDateLabel({ examMonth, examYear }: Pick<ExamFacts, 'examMonth' | 'examYear'>): string {
  if (!examYear) return '';
  return examMonth ? `${MONTH_SHORT[examMonth - 1]} ${examYear}` : String(examYear);
}

/** "End-sem · Dec 2024", "End-sem", "Dec 2024", or "" when nothing is known. */
export function examLabel(facts: ExamFacts): string {
  return [facts.exam ?? '', examDateLabel(facts)].filter(Boolean).join(' · ');
}
