import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { pageWordsResponseSchema } from '../../../shared/page-words.js';
import { RESOURCE_MESSAGES, resourceIdParamsSchema } from '../../../shared/resource.js';
import { requirePermission } from '../../auth/session.js';
import { sendJson } from '../../http/serialized-json.js';
import type { PageWordsService } from './page-words.service.js';

/** /api/resources/:id/page-words: a scan's OCR words, to whoever may preview it (the file's rule). */
export function pageWordsRoutes(service: PageWordsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:id/page-words',
      {
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload),
        schema: {
          tags: ['resources'],
          summary: 'The words OCR read on a scan\'s pages, with their boxes, for the viewer\'s text layer',
          params: resourceIdParamsSchema,
          response: { 200: pageWordsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      // The stored JSON as it is (PageWordsService.pagesJson); the schema above documents it.
      async (request, reply) => sendJson(reply, await service.pagesJson(request.params.id)),
    );
  };
}
