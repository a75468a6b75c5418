import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/account.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { processingJobListQuerySchema, processingJobListResponseSchema } from '../../../shared/processing.js';
import { restrictToAdmins } from '../../auth/session.js';
import type { ProcessingService } from './processing.service.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];
const resourceIdParamsSchema = z.object({ resourceId: z.string().min(1).max(36) });

/** /api/admin/jobs: the processing jobs page (admins only; 401 signed out, 403 otherwise). */
export function processingRoutes(service: ProcessingService): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToAdmins(app, 'manageProcessing');

    app.get(
      '/jobs',
      {
        schema: {
          tags,
          summary: 'Processing jobs (pending, running, failed by default), 20 a page, with counts per status',
          querystring: processingJobListQuerySchema,
          response: { 200: processingJobListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(request.query),
    );

    app.post(
      '/jobs/:resourceId/retry',
      {
        schema: {
          tags,
          summary: 'Put a failed job back in line',
          params: resourceIdParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.retry(request.params.resourceId);
        return { message: 'The job is back in line.' };
      },
    );
  };
}
