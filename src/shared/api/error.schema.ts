import { describe, z } from '../zod.js';

/** Every error the API returns has this shape; `message` is safe to show to the user. */
export const apiErrorSchema = z.object({
  statusCode: z.number().check(z.int()),
  error: describe(z.string(), 'HTTP reason phrase'),
  message: describe(z.string(), 'A sentence for the user'),
  code: describe(z.optional(z.string()), 'Stable machine-readable code'),
  field: describe(z.optional(z.string()), 'The form field the message is about, when there is one'),
  nearDuplicate: describe(
    z.optional(z.object({ id: z.string(), title: z.string(), percent: z.number() })),
    'With code NEAR_DUPLICATE: the paper in the library the upload looks like, and how much of its text is the same',
  ),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
