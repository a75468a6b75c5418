import { z } from 'zod';
import { resourceRequestSchema } from './request.js';
import { resourceSchema } from './resource.js';

/** How many papers each of the home page's class sections shows. */
export const HOME_SECTION_SIZE = 6;

/**
 * The first day (UTC, YYYY-MM-DD) of the term `now` is in: odd semesters run from July, even
 * ones from January, so "most downloaded this term" starts afresh twice a year.
 */
export function termStart(now: Date): string {
  const year = now.getUTCFullYear();
  return now.getUTCMonth() >= 6 ? `${year}-07-01` : `${year}-01-01`;
}

/** GET /api/home: the signed-in student's own class first (issue 14, "My class first"). */
export const homeResponseSchema = z.object({
  class: z
    .object({ branch: z.string(), semester: z.number().int() })
    .nullable()
    .describe('The viewer\'s branch and semester from their profile; null for admins, who see the whole library'),
  termStart: z.string().describe('First day counted by "most downloaded this term"'),
  total: z.number().int().describe('Resources of the class (or the library)'),
  newest: z.array(resourceSchema),
  popular: z.array(resourceSchema.extend({ termDownloads: z.number().int() })).describe('Most downloaded since termStart, most first; never-downloaded papers are left out'),
  openRequests: z.array(resourceRequestSchema).describe('Open requests the viewer made or supports'),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
