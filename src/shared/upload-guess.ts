import { z } from './zod.js';
import { branchIdSchema, MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES } from './catalogue.js';

/*
 * Batch upload's autofill (issue 36, decision 053): the browser sends a file's name and its first
 * page's text, the server answers what they suggest for the upload's fields. Each guess says
 * where it came from, so the form can mark it as a guess for the uploader to check.
 */

/** Up to this much of the first page's text is read: a paper's header is at its top. */
export const GUESS_TEXT_MAX = 4000;

export const uploadGuessRequestSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  /** The first page's text (pdf.js in the browser); empty for a scan. */
  text: z._default(z.string().check(z.maxLength(GUESS_TEXT_MAX * 4)), ''),
  /** The class the subject is looked for in (the form's branch and semester). */
  branch: branchIdSchema,
  semester: z.coerce.number().check(z.int(), z.minimum(MIN_SEMESTER), z.maximum(MAX_SEMESTER)),
});
export type UploadGuessRequest = z.infer<typeof uploadGuessRequestSchema>;

export const GUESS_SOURCES = ['file name', 'first page'] as const;
export type GuessSource = (typeof GUESS_SOURCES)[number];

const guessOf = <T extends z.ZodMiniType>(value: T) => z.optional(z.object({ value, from: z.enum(GUESS_SOURCES) }));

export const uploadGuessSchema = z.object({
  subject: guessOf(z.string()),
  resourceType: guessOf(z.enum(RESOURCE_TYPES)),
  exam: guessOf(z.string()),
  examMonth: guessOf(z.number()),
  examYear: guessOf(z.number()),
  academicYear: guessOf(z.string()),
});
export type UploadGuess = z.infer<typeof uploadGuessSchema>;

export const uploadGuessResponseSchema = z.object({ guess: uploadGuessSchema });
