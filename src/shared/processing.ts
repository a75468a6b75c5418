import { describe, z } from './zod.js';

/**
 * The processing pipeline as the admins' jobs page sees it (issue 13). A module of its own, so the
 * library's screens, which import search.ts, do not carry the jobs page's schemas.
 */

/** Where a resource is in processing (text, OCR, thumbnail, index). */
export const PROCESSING_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** A processing job as the admin jobs page lists it. */
export const processingJobSchema = z.object({
  resourceId: z.string(),
  subject: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  status: z.enum(PROCESSING_STATUSES),
  attempts: z.number().check(z.int()),
  pagesDone: z.number().check(z.int()),
  pageCount: z.number().check(z.int()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProcessingJob = z.infer<typeof processingJobSchema>;

export const processingJobListQuerySchema = z.object({
  status: describe(
    z.optional(z.enum(['pending', 'running', 'failed', 'noted'])),
    'Unset: pending, running and failed; noted: done with a note (a page OCR found no text on, no thumbnail)',
  ),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});
export type ProcessingJobListQuery = z.infer<typeof processingJobListQuerySchema>;

export const processingJobListResponseSchema = z.object({
  jobs: z.array(processingJobSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  counts: z.object({
    pending: z.number().check(z.int()),
    running: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    done: z.number().check(z.int()),
    /** Done jobs with a note. */
    noted: z.number().check(z.int()),
  }),
});
export type ProcessingJobListResponse = z.infer<typeof processingJobListResponseSchema>;

export const JOBS_PAGE_SIZE = 20;
