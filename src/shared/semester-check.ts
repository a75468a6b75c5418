import { sessionUserSchema } from './account.js';
import { z } from './zod.js';

/**
 * "It's a new term: you are now in semester N?" (issue 34, decision 040). GET /api/home says
 * when the question is due (`semesterCheck`); the answer goes to POST /api/account/semester-check.
 * One contract for the route, the home page's prompt and the API client; the question's own
 * schema is in home.ts, so the home page's first load carries nothing of the answer.
 */

export type { SemesterCheck } from './home.js';

/**
 * `confirm` stores the semester; `not-right` only records that this term was answered (the
 * student corrects their class in account settings). `term` is the one the question named: an
 * answer to an older term's question is refused.
 */
export const semesterCheckAnswerSchema = z.object({
  answer: z.enum(['confirm', 'not-right']),
  term: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
});
export type SemesterCheckAnswer = z.infer<typeof semesterCheckAnswerSchema>;

export const semesterCheckAnswerResponseSchema = z.object({ message: z.string(), user: sessionUserSchema });

export const SEMESTER_CHECK_MESSAGES = {
  confirmed: (semester: number) => `Your class is now semester ${semester}.`,
  notRight: 'Correct your class in your profile.',
  termChanged: 'A new term has begun since this question was asked. Reload the page.',
} as const;
