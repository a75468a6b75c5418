import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  CORRECTION_MESSAGES,
  acceptWithFileFieldsSchema,
  correctionIdParamsSchema,
  correctionListSchema,
  correctionQuerySchema,
  correctionResponseSchema,
  createCorrectionSchema,
  dismissCorrectionSchema,
} from '../../../shared/correction.js';
import { uploadConflictSchema } from '../../../shared/api/upload-conflict.schema.js';
import { resourceIdParamsSchema } from '../../../shared/resource.js';
import { requirePermission } from '../../auth/session.js';
import { unsupportedMediaType } from '../../http/http-error.js';
import { multipartBodySchema, streamedBodyValidator } from '../../http/multipart-form.js';
import { PDF_PART, readUpload, registerUploadParser } from '../resources/read-upload.js';
import type { CorrectionService } from './correction.service.js';

const signedIn = requirePermission('reportIssues');
const handlers = requirePermission('handleRequests', CORRECTION_MESSAGES.notYourClass);
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['corrections'];

/** Suggest a correction of a resource; the class CRs' and admins' queue; accept or dismiss. */
export function correctionRoutes(service: CorrectionService, limits: { maxUploadMb: number }): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploadParser(app, limits.maxUploadMb);

    app.post(
      '/resources/:id/corrections',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Suggest a correction: wrong year, subject or type (with the right value), pages missing, a better scan exists',
          params: resourceIdParamsSchema,
          body: createCorrectionSchema,
          response: { 201: correctionResponseSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const correction = await service.suggest(request.user!, request.params.id, request.body);
        return reply.code(201).send({ message: CORRECTION_MESSAGES.sent, correction });
      },
    );

    app.get(
      '/corrections',
      {
        preHandler: handlers,
        schema: {
          tags,
          summary: "A page of suggested corrections: open newest first, closed latest decided first; a CR's class, every class for admins",
          querystring: correctionQuerySchema,
          response: { 200: correctionListSchema, ...errors },
        },
      },
      async (request) => service.list(request.user!, request.query),
    );

    app.post(
      '/corrections/:id/accept',
      {
        preHandler: handlers,
        schema: { tags, summary: 'Apply the correction to the resource and tell the student', params: correctionIdParamsSchema, response: { 200: correctionResponseSchema, ...errors } },
      },
      async (request) => {
        const { correction } = await service.accept(request.user!, request.params.id);
        return { message: CORRECTION_MESSAGES.accepted, correction };
      },
    );

    app.post(
      '/corrections/:id/accept-with-file',
      {
        preHandler: handlers,
        validatorCompiler: streamedBodyValidator,
        schema: {
          tags,
          summary: 'Accept "pages missing" or "a better scan exists" with the replacement PDF (multipart/form-data: file); the resource keeps its id',
          consumes: ['multipart/form-data'],
          params: correctionIdParamsSchema,
          body: multipartBodySchema(acceptWithFileFieldsSchema, PDF_PART),
          response: { 200: correctionResponseSchema, ...errors, 409: uploadConflictSchema, 413: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw unsupportedMediaType(CORRECTION_MESSAGES.fileNeeded);
        const { file } = await readUpload(request, acceptWithFileFieldsSchema);
        const { correction } = await service.accept(request.user!, request.params.id, file);
        return { message: CORRECTION_MESSAGES.accepted, correction };
      },
    );

    app.post(
      '/corrections/:id/dismiss',
      {
        preHandler: handlers,
        schema: {
          tags,
          summary: 'Close the correction without a change; the student is mailed, with the reason if given',
          params: correctionIdParamsSchema,
          body: dismissCorrectionSchema,
          response: { 200: correctionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { correction } = await service.dismiss(request.user!, request.params.id, request.body);
        return { message: CORRECTION_MESSAGES.dismissed, correction };
      },
    );
  };
}
