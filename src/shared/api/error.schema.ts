import { z } from 'zod';

/** Every error the API returns has this shape; `message` is safe to show to the user. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string().describe('HTTP reason phrase'),
  message: z.string().describe('A sentence for the user'),
  code: z.string().optional().describe('Stable machine-readable code'),
  field: z.string().optional().describe('The form field the message is about, when there is one'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
