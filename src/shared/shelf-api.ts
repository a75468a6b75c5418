import { describe, z } from './zod.js';
import { resourceSchema } from './resource.js';
import { MAX_ZIP_FILES, SHELF_MESSAGES } from './shelf.js';

/*
 * The shelf's list and request schemas, apart from shelf.ts so that the nav bar (which only
 * counts saved ids) does not bring them and the resource schema into every page's first load.
 */

/** One saved resource: the resource as the browse list shows it, and when it was saved. */
export const shelfItemSchema = z.object({
  savedAt: describe(z.string(), 'When it was saved (ISO-8601)'),
  resource: resourceSchema,
});
export type ShelfItem = z.infer<typeof shelfItemSchema>;

/** GET /api/shelf: every saved resource, newest saved first. */
export const shelfListResponseSchema = z.object({ items: z.array(shelfItemSchema) });
export type ShelfListResponse = z.infer<typeof shelfListResponseSchema>;


const resourceId = z.string().check(z.uuid(SHELF_MESSAGES.badIds));

export const shelfResourceParamsSchema = z.object({ resourceId: z.string().check(z.uuid('Unknown resource')) });

/**
 * Comma-separated resource ids, or nothing for the whole shelf. More than MAX_ZIP_FILES ids are
 * accepted here and refused by the service with a sentence that names the count.
 */
const idListSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(40 * 1000, SHELF_MESSAGES.badIds)),
    z.transform((value: string) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))]),
  ),
  z.array(resourceId),
);

export const shelfZipQuerySchema = z.object({
  ids: describe(z.optional(idListSchema), `Comma-separated resource ids on the shelf; unset: the whole shelf (at most ${MAX_ZIP_FILES})`),
});
export type ShelfZipQuery = z.infer<typeof shelfZipQuerySchema>;

/** POST /api/shelf/download: counts the downloads (as one file's download does) and names the zip's address. */
export const shelfDownloadRequestSchema = z.object({
  ids: describe(z.optional(z.array(resourceId).check(z.maxLength(1000, SHELF_MESSAGES.badIds))), 'Resource ids on the shelf; unset: the whole shelf'),
});
export const shelfDownloadResponseSchema = z.object({
  url: describe(z.string(), 'Same-origin address of the zip, served as an attachment'),
  files: z.number().check(z.int()),
});

