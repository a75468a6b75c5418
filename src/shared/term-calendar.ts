import { MAX_SEMESTER, MIN_SEMESTER } from './catalogue.js';

/**
 * The institution's term calendar (issue 34, "The term moves on"): odd semesters start in one
 * month, even ones in another (TERM_START_MONTHS, "7,1" by default). With the student's batch
 * (the profile's session, "2024-28") it gives the semester they are in today. Dates are read in
 * UTC, as academic-years.ts does, so server and browser agree on the day a term begins.
 */

/** [month odd semesters start in, month even ones start in], each 1-12. */
export type TermStartMonths = readonly [odd: number, even: number];

export const DEFAULT_TERM_START_MONTHS: TermStartMonths = [7, 1];

/** The batch's first year: "2024-28" (or "2024-25") -> 2024; anything else -> null. */
export function batchFirstYear(session: string): number | null {
  const match = /^(\d{4})-\d{2}$/.exec(session.trim());
  return match ? Number(match[1]) : null;
}

/** Months counted from year 0, so term starts compare as plain numbers. */
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/** The term `now` is in, named by the month it began: "2026-07" for 2026-11-25 under [7, 1]. */
export function currentTerm(months: TermStartMonths, now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const startedThisYear = months.filter((m) => m <= month);
  const start = startedThisYear.length ? { year, month: Math.max(...startedThisYear) } : { year: year - 1, month: Math.max(...months) };
  return `${start.year}-${String(start.month).padStart(2, '0')}`;
}

/**
 * The semester a batch that began in `firstYear` is in on `now`: semester 1 begins in the odd
 * month of that year, and each term start after it adds one. Before the batch begins it is 1;
 * past the eighth term it stays 8.
 */
export function semesterOn(firstYear: number, months: TermStartMonths, now: Date): number {
  const [odd, even] = months;
  const first = monthIndex(firstYear, odd);
  const today = monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  let starts = 0;
  // At most a few dozen steps: the count stops once it passes the last semester.
  for (let m = first; m <= today && starts <= MAX_SEMESTER; m++) {
    const month = (m % 12) + 1;
    if (month === odd || month === even) starts++;
  }
  return Math.min(MAX_SEMESTER, Math.max(MIN_SEMESTER, starts));
}

/** "7,1" -> [7, 1]; null unless two different months 1-12. */
export function parseTermStartMonths(text: string): TermStartMonths | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  const [odd, even] = parts.map(Number) as [number, number];
  const valid = (m: number) => m >= 1 && m <= 12;
  return valid(odd) && valid(even) && odd !== even ? [odd, even] : null;
}
