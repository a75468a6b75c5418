import { describe, z } from '../zod.js';
import { apiErrorSchema } from './error.schema.js';

/**
 * The upload's 409 (OpenAPI only; the server's side of the contract): DUPLICATE, the same file,
 * or NEAR_DUPLICATE with the paper it looks like (decision 047).
 */
export const uploadConflictSchema = z.extend(apiErrorSchema, {
  nearDuplicate: describe(
    z.optional(z.object({ id: z.string(), title: z.string(), percent: z.number() })),
    'With code NEAR_DUPLICATE: the paper the upload looks like, and how much of its text is the same',
  ),
});
