import { describe, z } from './zod.js';

/**
 * Academic years come from the calendar (DESIGN.md §1): the current one and a configurable
 * number before it, one list for upload, filter and requests. Server and browser compute it the
 * same way from the date (in UTC, so both agree on the day a year begins) and the count of the
 * public configuration.
 */

/** An academic year begins in July: 2026-11-25 is in 2026-27, 2026-06-30 still in 2025-26. */
export const ACADEMIC_YEAR_FIRST_MONTH = 7;
/** The current academic year and the four before it. */
export const DEFAULT_ACADEMIC_YEARS_SHOWN = 5;
export const MAX_ACADEMIC_YEARS_SHOWN = 30;

/** 2026 -> "2026-27". */
export function academicYearLabel(firstYear: number): string {
  return `${firstYear}-${String((firstYear + 1) % 100).padStart(2, '0')}`;
}

/** The calendar year in which the academic year of this date began. */
export function firstYearOf(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() + 1 >= ACADEMIC_YEAR_FIRST_MONTH ? year : year - 1;
}

/** "2026-27" for any day from 2026-07-01 to 2027-06-30. */
export function academicYearOf(date: Date): string {
  return academicYearLabel(firstYearOf(date));
}

/** The years offered today, newest first: the current academic year and `count - 1` before it. */
export function academicYearsShown(count: number, now: Date = new Date()): string[] {
  const first = firstYearOf(now);
  return Array.from({ length: Math.max(1, count) }, (_, i) => academicYearLabel(first - i));
}

/** "2019-20" is an academic year; "2019-21", "2019" and "19-20" are not. */
export function isAcademicYear(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return !!match && academicYearLabel(Number(match[1])) === value;
}

/**
 * A year a stored resource or request may carry, however old: the window moves every July, and
 * what was uploaded for an older year stays valid, shown and filterable.
 */
export const storedAcademicYearSchema = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.refine(isAcademicYear, message));

/**
 * One of the years offered now (academicYearsShown). A schema built once and kept (a route's)
 * passes a function, asked at each parse, so the window still moves in July.
 */
export const offeredAcademicYearSchema = (years: readonly string[] | (() => readonly string[]), message: string) =>
  typeof years === 'function'
    ? describe(
        z.string({ error: message }).check(z.refine((value) => years().includes(value), message)),
        'One of the academic years offered now, like "2025-26"',
      )
    : z.enum(years as [string, ...string[]], { error: message });
