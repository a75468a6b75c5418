import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  CORRECTION_MESSAGES,
  correctionIdParamsSchema,
  correctionListSchema,
  correctionQuerySchema,
  correctionResponseSchema,
  createCorrectionSchema,
} from '../../../shared/correction.js';
import { resourceIdParamsSchema } from '../../../shared/resource.js';
import { requirePermission } from '../../auth/session.js';
import type { CorrectionService } from './correction.service.js';

const signedIn = requirePermission('reportIssues');
const handlers = requirePermission('handleRequests', CORRECTION_MESSAGES.notYourClass);
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['corrections'];

/** Suggest a correction of a resource; the class CRs' and admins' queue; accept or dismiss. */
export function correctionRoutes(service: CorrectionService): FastifyPluginAsyncZod {
  return async (app) => {
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
          summary: "Suggested corrections, newest first: a CR's class, every class for admins",
          querystring: correctionQuerySchema,
          response: { 200: correctionListSchema, ...errors },
        },
      },
      async (request) => ({ corrections: await service.list(request.user!, request.query.status) }),
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
      '/corrections/:id/dismiss',
      {
        preHandler: handlers,
        schema: { tags, summary: 'Close the correction without a change', params: correctionIdParamsSchema, response: { 200: correctionResponseSchema, ...errors } },
      },
      async (request) => ({ message: CORRECTION_MESSAGES.dismissed, correction: await service.dismiss(request.user!, request.params.id) }),
    );
  };
}
