import { z } from './zod.js';
import { RESOURCE_TYPES } from './catalogue.js';

/**
 * GET /api/resources/:id/teaser, signed out: what someone holding a shared link may know before
 * signing in, enough to recognise the paper (its title and type), nothing else. A module of its
 * own, so only the login page's code carries it.
 */
export const resourceTeaserResponseSchema = z.object({
  resource: z.object({ title: z.string(), resourceType: z.enum(RESOURCE_TYPES) }),
});
export type ResourceTeaser = z.infer<typeof resourceTeaserResponseSchema>['resource'];
