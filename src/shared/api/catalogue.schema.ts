import { describe, z } from '../zod.js';
import { branchIdSchema, branchSchema, MAX_SEMESTER, MIN_SEMESTER, subjectSchema } from '../catalogue.js';

/** GET /api/catalogue/branches */
export const branchListResponseSchema = z.object({
  branches: z.array(branchSchema),
});
export type BranchListResponse = z.infer<typeof branchListResponseSchema>;

/** GET /api/catalogue/subjects?branch=cse&semester=3 (both optional) */
export const subjectListQuerySchema = z.object({
  branch: describe(z.optional(branchIdSchema), 'Only subjects of this branch'),
  semester: describe(
    z.optional(z.coerce.number().check(z.int(), z.minimum(MIN_SEMESTER), z.maximum(MAX_SEMESTER))),
    'Only subjects of this semester (1-8)',
  ),
});
export type SubjectListQuery = z.infer<typeof subjectListQuerySchema>;

export const subjectListResponseSchema = z.object({
  subjects: z.array(subjectSchema),
});
export type SubjectListResponse = z.infer<typeof subjectListResponseSchema>;
