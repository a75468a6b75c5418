import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { GUESS_TEXT_MAX, HEADER_IMAGE_MAX_BYTES, uploadGuessRequestSchema, uploadGuessResponseSchema } from '../../../shared/upload-guess.js';
import { requirePermission } from '../../auth/session.js';
import type { UploadGuessService } from './upload-guess.service.js';

/**
 * A request with a header strip at its largest: the strip in base64 (4 characters per 3 bytes),
 * the page's text (up to 4 bytes a character in JSON) and the short fields. Bigger is cut off as
 * it arrives (413); within it, the schema says what is wrong.
 */
const BODY_LIMIT = Math.ceil(HEADER_IMAGE_MAX_BYTES / 3) * 4 + GUESS_TEXT_MAX * 4 * 4 + 16 * 1024;

/** POST /api/resources/guess: what a file's name and first page suggest for its upload fields. */
export function uploadGuessRoutes(service: UploadGuessService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/resources/guess',
      {
        bodyLimit: BODY_LIMIT,
        preHandler: requirePermission('uploadResources', RESOURCE_MESSAGES.uploadForbidden, RESOURCE_MESSAGES.loginFirst),
        schema: {
          tags: ['resources'],
          summary:
            "Guess an upload's subject, type, exam and years from the file's name and its first page's text, or a scan's header strip read by OCR (batch upload's autofill)",
          body: uploadGuessRequestSchema,
          response: { 200: uploadGuessResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (request) => service.guess(request.user!, request.body),
    );
  };
}
