import { describe, z } from './zod.js';
import { resourceRequestSchema } from './request.js';
import { resourceSchema } from './resource.js';
import { currentTerm, DEFAULT_TERM_START_MONTHS, type TermStartMonths } from './term-calendar.js';

/** How many papers each of the home page's class sections shows. */
export const HOME_SECTION_SIZE = 6;

/**
 * The first day (UTC, YYYY-MM-DD) of the term `now` is in, under the term calendar
 * (TERM_START_MONTHS; July and January by default), so "most downloaded this term" starts afresh
 * with each term.
 */
export function termStart(now: Date, months: TermStartMonths = DEFAULT_TERM_START_MONTHS): string {
  return `${currentTerm(months, now)}-01`;
}

/** The new term's question (decision 040): the semester the term calendar gives, and the term ("2027-01") the answer names back. */
export const semesterCheckSchema = z.object({ semester: z.number().check(z.int()), term: z.string() });
export type SemesterCheck = z.infer<typeof semesterCheckSchema>;

/** GET /api/home: the signed-in student's own class first (issue 14, "My class first"). */
export const homeResponseSchema = z.object({
  class: describe(
    z.nullable(z.object({ branch: z.string(), semester: z.number().check(z.int()) })),
    'The viewer\'s branch and semester from their profile; null for admins, who see the whole library',
  ),
  termStart: describe(z.string(), 'First day counted by "most downloaded this term"'),
  total: describe(z.number().check(z.int()), 'Resources of the class (or the library)'),
  newest: z.array(resourceSchema),
  popular: describe(
    z.array(z.extend(resourceSchema, { termDownloads: z.number().check(z.int()) })),
    'Most downloaded since termStart, most first; never-downloaded papers are left out',
  ),
  openRequests: describe(z.array(resourceRequestSchema), 'Open requests the viewer made or supports'),
  // Set when a new term's semester is to be confirmed; no describe(): the string would ship.
  semesterCheck: z.nullable(semesterCheckSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
