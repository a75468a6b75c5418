import { describe, z } from './zod.js';

/*
 * The words OCR read on a scan's pages, with where each one stands, so the viewer can lay an
 * invisible, selectable text layer over the page image and find words in it (issue 34,
 * docs/decisions/036-ocr-text-layer.md). Apart from resource.ts: zod schemas at module scope are
 * kept by every bundle that imports their module, and only the viewer's lazy chunk needs this.
 */

const unit = z.number().check(z.minimum(0), z.maximum(1));

/**
 * One word: its text and its box as fractions of the page's width and height, measured from the
 * top-left corner of the page as it shows unturned (its own /Rotate applied). An object of kinds
 * the first-load bundles already carry: a zod/mini tuple would add its code to the shared zod
 * chunk of every route, though only the viewer parses words.
 */
export const pageWordSchema = z.object({
  text: z.string().check(z.minLength(1)),
  box: describe(z.array(unit).check(z.minLength(4), z.maxLength(4)), '[left, top, right, bottom], fractions (0..1) of the page shown at its own rotation'),
  turned: describe(z.optional(z.boolean()), 'True when the page was read half a turn round: the word runs right to left, upside down'),
});
export type PageWord = z.infer<typeof pageWordSchema>;

/** A line of words, left to right as read. */
export type PageWordLine = PageWord[];

/** One page's words, line by line in reading order. */
export const pageWordsSchema = z.object({
  page: describe(z.int().check(z.minimum(1)), '1-based page number'),
  lines: describe(z.array(z.array(pageWordSchema)), 'Lines of words in reading order'),
});
export type PageWords = z.infer<typeof pageWordsSchema>;

/** GET /api/resources/:id/page-words: the pages read by OCR (born-digital pages are absent). */
export const pageWordsResponseSchema = z.object({
  pages: z.array(pageWordsSchema),
});
export type PageWordsResponse = z.infer<typeof pageWordsResponseSchema>;

/** Where a resource's OCR words are served. */
export function pageWordsUrl(resourceId: string): string {
  return `/api/resources/${encodeURIComponent(resourceId)}/page-words`;
}
