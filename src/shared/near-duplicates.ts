import { describe, z } from './zod.js';

/*
 * Near-duplicate papers flagged for admins (issue 35, decision 047): two papers whose text is
 * nearly the same; an admin merges one into the other or dismisses the pair.
 */

const pairPaperSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  academicYear: z.string(),
  downloads: z.number(),
  pageCount: z.number(),
  scanned: z.boolean(),
  createdAt: z.string(),
});
export type PairPaper = z.infer<typeof pairPaperSchema>;

export const nearDuplicatePairSchema = z.object({
  /** The two papers, the older first (an array: zod's tuple would weigh on every page's first load). */
  papers: z.array(pairPaperSchema),
  percent: describe(z.number(), 'How much of their text is the same, whole percent'),
  flaggedAt: z.string(),
});
export type NearDuplicatePair = z.infer<typeof nearDuplicatePairSchema>;

export const nearDuplicateListSchema = z.object({ pairs: z.array(nearDuplicatePairSchema) });

const resourceId = z.string().check(z.uuid('Unknown resource'));

/** POST /api/admin/near-duplicates/merge: `keep` stays, `drop` goes (downloads and shelves follow). */
export const mergePairSchema = z.object({ keep: resourceId, drop: resourceId });
export type MergePair = z.infer<typeof mergePairSchema>;

/** POST /api/admin/near-duplicates/dismiss: the two papers are different papers. */
export const dismissPairSchema = z.object({ a: resourceId, b: resourceId });

export const NEAR_DUPLICATE_MESSAGES = {
  notFlagged: 'These two papers are not a flagged pair (merged or dismissed meanwhile?).',
  merged: 'Merged: the paper kept has the downloads and shelf entries of both.',
  dismissed: 'Dismissed: the two papers stay apart.',
} as const;

/** The near-duplicate warning of an upload (409 NEAR_DUPLICATE), as the uploader reads it. */
export const nearDuplicateMessage = (title: string, percent: number) => `This looks like “${title}” (${percent}% the same text).`;
