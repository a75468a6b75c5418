import { z } from './zod.js';
import { branchIdSchema, MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES } from './catalogue.js';

/*
 * Batch upload's autofill (issue 36, decision 053): the browser sends a file's name and its first
 * page's text, the server answers what they suggest for the upload's fields. Each guess says
 * where it came from, so the form can mark it as a guess for the uploader to check.
 */

/** Up to this much of the first page's text is read: a paper's header is at its top. */
export const GUESS_TEXT_MAX = 4000;

/**
 * A scan's header strip, as the browser renders it (decision 056): the top of page 1, this wide
 * and this share of the page tall, greyscale JPEG. About 1600 px holds a header's smallest print
 * at ~200 dpi, enough for OCR; the strip weighs 40-120 KB.
 */
export const HEADER_STRIP_WIDTH = 1600;
export const HEADER_STRIP_SHARE = 0.32;
export const HEADER_STRIP_QUALITY = 0.6;

/**
 * One uploader's strips read at once: the server reads no more (the rest are guessed from their
 * names), and a batch sends no more, so one CR's semester of scans leaves room in the OCR line.
 */
export const HEADER_READS_AT_ONCE = 2;
/** The largest strip the server reads, and its longest side (a strip is never taller than wide). */
export const HEADER_IMAGE_MAX_BYTES = 256 * 1024;
export const HEADER_IMAGE_MAX_SIDE = 2400;
/** How the strip is sent: a data URL of a JPEG or PNG. */
export const HEADER_IMAGE_PREFIX = /^data:(image\/(?:jpeg|png));base64,/;
/** The data URL's length for HEADER_IMAGE_MAX_BYTES: base64 writes 3 bytes as 4 characters. */
const HEADER_IMAGE_MAX_CHARS = 'data:image/jpeg;base64,'.length + Math.ceil(HEADER_IMAGE_MAX_BYTES / 3) * 4;

export const UPLOAD_GUESS_MESSAGES = {
  headerTooLarge: `The header image is too large: send at most ${HEADER_IMAGE_MAX_BYTES / 1024} KB and ${HEADER_IMAGE_MAX_SIDE} px a side (the top third of page 1, about ${HEADER_STRIP_WIDTH} px wide, as JPEG).`,
  headerNotImage: 'The header image must be a JPEG or PNG, sent as a data URL (data:image/jpeg;base64,...).',
  headerLimited: 'Header not read: many scans in a few minutes. Guessed from the file name.',
} as const;

export const uploadGuessRequestSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  /** The first page's text (pdf.js in the browser); empty for a scan. */
  text: z._default(z.string().check(z.maxLength(GUESS_TEXT_MAX * 4)), ''),
  /**
   * A scan's header strip (data:image/jpeg or image/png;base64), sent when page 1 has no text:
   * the server reads it with OCR when it has time, else guesses from the name alone.
   */
  // Its type is checked by the server (upload-guess's headerStrip): a regex check here would add
  // zod's string-format code to the upload page's first load, which has no bytes to spare.
  headerImage: z.optional(z.string().check(z.maxLength(HEADER_IMAGE_MAX_CHARS, { error: UPLOAD_GUESS_MESSAGES.headerTooLarge }))),
  /** The class the subject is looked for in (the form's branch and semester). */
  branch: branchIdSchema,
  semester: z.coerce.number().check(z.int(), z.minimum(MIN_SEMESTER), z.maximum(MAX_SEMESTER)),
});
export type UploadGuessRequest = z.infer<typeof uploadGuessRequestSchema>;

/** Where a guess came from: said as "guessed from the ..." ("scanned header": OCR of the strip). */
export const GUESS_SOURCES = ['file name', 'first page', 'scanned header'] as const;
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

export const uploadGuessResponseSchema = z.object({
  guess: uploadGuessSchema,
  /**
   * Set when a scan's header strip was sent but not read because the uploader has had many
   * strips read lately (a per-user limit, decision 056): the guess is the file name's alone.
   */
  headerNotRead: z.optional(z.enum(['limit'])),
});
export type UploadGuessResponse = z.infer<typeof uploadGuessResponseSchema>;
