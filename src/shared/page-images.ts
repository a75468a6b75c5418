import { z } from './zod.js';

/*
 * Page images (issue 34): processing renders a resource's first pages as WebP, so the preview
 * draws page 1 the moment it opens, before pdf.js has loaded. The resource says how many exist
 * (resourceSchema's pageImages); this module holds their addresses and the route's schemas, kept
 * apart from resource.ts so that only the preview and the server carry them.
 */

/**
 * The widths each page is rendered at (CSS pixels of a 1x screen): a phone's width, and a
 * desktop preview's or a 2-3x phone's. The browser picks one through srcset.
 */
export const PAGE_IMAGE_WIDTHS = [480, 1024] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];

/** GET /api/resources/:id/pages/:page: which resource and page (1-based). */
export const pageImageParamsSchema = z.object({
  id: z.string().check(z.uuid('Unknown resource')),
  page: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
});

/** ?w= one of PAGE_IMAGE_WIDTHS; ?v= the set's version (the address changes when the images are remade). */
export const pageImageQuerySchema = z.object({
  w: z.coerce.number().check(z.refine((w) => (PAGE_IMAGE_WIDTHS as readonly number[]).includes(w), 'Unknown width')),
  v: z.optional(z.string().check(z.maxLength(40))),
});

/** Address of one page's image at one width; `version` is pageImages.version. */
export function resourcePageImageUrl(id: string, page: number, width: PageImageWidth, version: string): string {
  return `/api/resources/${encodeURIComponent(id)}/pages/${page}?w=${width}&v=${encodeURIComponent(version)}`;
}

/** A srcset of every width of one page, for <img srcset>. */
export function pageImageSrcSet(id: string, page: number, version: string): string {
  return PAGE_IMAGE_WIDTHS.map((w) => `${resourcePageImageUrl(id, page, w, version)} ${w}w`).join(', ');
}
