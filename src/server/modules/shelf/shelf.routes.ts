import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { SHELF_ZIP_NAME, shelfChangeResponseSchema, shelfIdsResponseSchema, shelfZipUrl } from '../../../shared/shelf.js';
import {
  shelfDownloadRequestSchema,
  shelfDownloadResponseSchema,
  shelfListResponseSchema,
  shelfResourceParamsSchema,
  shelfZipQuerySchema,
} from '../../../shared/shelf-api.js';
import { requirePermission, requireUser } from '../../auth/session.js';
import type { ShelfService } from './shelf.service.js';

const tags = ['shelf'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
// The zip is the shelf's files: the same rule (and sentence) as downloading one of them.
const downloaders = requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload);

/** /api/shelf: the signed-in user's own saved resources, and a zip of them. */
export function shelfRoutes(service: ShelfService): FastifyPluginAsyncZod {
  return async (app) => {
    // A shelf is one user's: never kept by a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/shelf',
      { preHandler: requireUser, schema: { tags, summary: 'My saved resources, newest saved first', response: { 200: shelfListResponseSchema, ...errors } } },
      async (request) => service.list(request.user!),
    );

    app.get(
      '/shelf/ids',
      { preHandler: requireUser, schema: { tags, summary: 'Ids of my saved resources (Save toggles, nav count)', response: { 200: shelfIdsResponseSchema, ...errors } } },
      async (request) => ({ ids: await service.ids(request.user!) }),
    );

    app.put(
      '/shelf/:resourceId',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Save a resource (idempotent)',
          params: shelfResourceParamsSchema,
          response: { 200: shelfChangeResponseSchema, ...errors, 404: apiErrorSchema },
        },
      },
      async (request) => service.save(request.user!, request.params.resourceId),
    );

    app.delete(
      '/shelf/:resourceId',
      {
        preHandler: requireUser,
        schema: { tags, summary: 'Remove a resource (idempotent)', params: shelfResourceParamsSchema, response: { 200: shelfChangeResponseSchema, ...errors } },
      },
      async (request) => service.remove(request.user!, request.params.resourceId),
    );

    app.post(
      '/shelf/download',
      {
        preHandler: downloaders,
        schema: {
          tags,
          summary: 'Count the downloads of the zip\'s files and get its address',
          body: shelfDownloadRequestSchema,
          response: { 200: shelfDownloadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const ids = await service.recordZipDownload(request.user!, request.body?.ids);
        return { url: shelfZipUrl(request.body?.ids ? ids : undefined), files: ids.length };
      },
    );

    app.get(
      '/shelf/zip',
      {
        preHandler: downloaders,
        // Stored PDFs do not compress, and compressing would lose the Content-Length.
        compress: false,
        schema: { tags, summary: `Saved files as one zip (${SHELF_ZIP_NAME}), streamed`, querystring: shelfZipQuerySchema },
      },
      async (request, reply) => {
        const zip = await service.zip(request.user!, request.query.ids);
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(SHELF_ZIP_NAME, { type: 'attachment' }))
          .header('x-content-type-options', 'nosniff');
        if (zip.size >= 0) reply.header('content-length', zip.size);
        return reply.send(zip.stream);
      },
    );
  };
}
