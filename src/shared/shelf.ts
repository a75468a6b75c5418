import { describe, z } from './zod.js';

/**
 * "My shelf" (issue 14): resources a student saved, and several of them downloaded as one zip.
 * One contract for the server routes, the web client and the tests. The nav bar's count and the
 * Save toggles (on every page) need only this file; the list and request schemas, which carry the
 * whole resource schema, are in shelf-api.ts.
 */

/** Most files one zip may hold: a bigger zip is a long download that a phone rarely finishes. */
export const MAX_ZIP_FILES = 50;
/** Most resources one shelf may hold, so the shelf is always listed in one answer. */
export const MAX_SHELF_ITEMS = 500;
/** The name the browser saves the zip under. */
export const SHELF_ZIP_NAME = 'studyshelf-shelf.zip';

export const SHELF_MESSAGES = {
  saved: 'Saved to My shelf',
  removed: 'Removed from My shelf',
  saveFailed: 'Could not update My shelf. Please try again.',
  loadFailed: 'Failed to load your shelf',
  shelfFull: `Your shelf holds at most ${MAX_SHELF_ITEMS} files. Remove some to save more.`,
  tooManyFiles: (count: number) =>
    `A zip can hold at most ${MAX_ZIP_FILES} files (you chose ${count}). Choose fewer files and try again.`,
  nothingToZip: 'None of the chosen files is on your shelf any more.',
  shelfEmpty: 'Your shelf is empty: save some files first.',
  badIds: 'Choose files from your shelf.',
  zipStarting: 'Preparing your zip...',
  zipStarted: 'Download started',
  zipFailed: 'Failed to download the zip',
  linkCopied: 'Link copied',
  linkCopyFailed: 'Could not copy the link. Copy it from the address bar instead.',
} as const;

/** GET /api/shelf/ids: which resources are saved, for the Save toggles and the nav count. */
export const shelfIdsResponseSchema = z.object({ ids: z.array(z.string()) });
export type ShelfIdsResponse = z.infer<typeof shelfIdsResponseSchema>;

/** PUT and DELETE /api/shelf/:resourceId (both idempotent). */
export const shelfChangeResponseSchema = z.object({
  saved: describe(z.boolean(), 'Whether the resource is on the shelf now'),
  count: describe(z.number().check(z.int()), 'How many resources the shelf holds now'),
});
export type ShelfChangeResponse = z.infer<typeof shelfChangeResponseSchema>;

/** Address of the zip of these saved resources (all of the shelf when none are given). */
export function shelfZipUrl(ids?: readonly string[]): string {
  return ids && ids.length ? `/api/shelf/zip?ids=${ids.map(encodeURIComponent).join(',')}` : '/api/shelf/zip';
}
