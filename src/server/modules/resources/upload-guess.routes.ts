import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { uploadGuessRequestSchema, uploadGuessResponseSchema } from '../../../shared/upload-guess.js';
import { requirePermission } from '../../auth/session.js';
import type { UploadGuessService } from './upload-guess.service.js';

/** POST /api/resources/guess: what a file's name and first page suggest for its upload fields. */
export function uploadGuessRoutes(service: UploadGuessService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/resources/guess',
      {
        preHandler: requirePermission('uploadResources', RESOURCE_MESSAGES.uploadForbidden, RESOURCE_MESSAGES.loginFirst),
        schema: {
          tags: ['resources'],
          summary: "Guess an upload's subject, type, exam and years from the file's name and its first page's text (batch upload's autofill)",
          body: uploadGuessRequestSchema,
          response: { 200: uploadGuessResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request) => ({ guess: await service.guess(request.user!, request.body) }),
    );
  };
}
