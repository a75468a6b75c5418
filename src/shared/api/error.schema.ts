import { describe, z } from '../zod.js';

/** Every error the API returns has this shape; `message` is safe to show to the user. */
export const apiErrorSchema = z.object({
  statusCode: z.number().check(z.int()),
  error: describe(z.string(), 'HTTP reason phrase'),
  message: describe(z.string(), 'A sentence for the user'),
  code: describe(z.optional(z.string()), 'Stable machine-readable code'),
  field: describe(z.optional(z.string()), 'The form field the message is about, when there is one'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
