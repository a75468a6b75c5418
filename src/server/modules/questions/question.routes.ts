import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  questionGroupingRequestSchema,
  questionGroupingResponseSchema,
  questionIdParamsSchema,
  relatedPapersResponseSchema,
  resourceQuestionsResponseSchema,
  subjectPageResponseSchema,
  subjectParamsSchema,
  subjectQuerySchema,
} from '../../../shared/questions.js';
import { can } from '../../../shared/permissions.js';
import { RESOURCE_MESSAGES, resourceIdParamsSchema } from '../../../shared/resource.js';
import { requirePermission } from '../../auth/session.js';
import { viewerOf } from '../resources/viewer.js';
import type { QuestionService } from './question.service.js';

const tags = ['questions'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
// A paper's questions are its text: the same rule (and sentence) as previewing the file.
const readers = requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload);

/** The question bank: a paper's questions, a subject's page, and grouping by hand. */
export function questionRoutes(service: QuestionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:id/questions',
      {
        preHandler: readers,
        schema: { tags, summary: 'A paper\'s questions, with how often each was asked', params: resourceIdParamsSchema, response: { 200: resourceQuestionsResponseSchema, ...errors } },
      },
      async (request) => service.ofResource(request.params.id),
    );

    app.get(
      '/resources/:id/related',
      {
        preHandler: readers,
        schema: {
          tags,
          summary: 'Papers related to a paper: other years of its exam, and papers sharing its questions',
          params: resourceIdParamsSchema,
          response: { 200: relatedPapersResponseSchema, ...errors },
        },
      },
      async (request) => service.related(viewerOf(request.user!), request.params.id),
    );

    app.get(
      '/subjects/:subject',
      {
        preHandler: readers,
        schema: {
          tags,
          summary: 'A subject\'s papers, latest exam first, and its most asked questions',
          params: subjectParamsSchema,
          querystring: subjectQuerySchema,
          response: { 200: subjectPageResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.subjectPage(viewerOf(request.user!), request.params.subject, request.query, can(request.user!.role, 'groupQuestions')),
    );

    app.post(
      '/questions/:id/grouping',
      {
        preHandler: requirePermission('groupQuestions'),
        schema: {
          tags,
          summary: 'Say two questions of a subject are the same question (merge their groups) or are not',
          params: questionIdParamsSchema,
          body: questionGroupingRequestSchema,
          response: { 200: questionGroupingResponseSchema, 400: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.group(request.user!, request.params.id, request.body),
    );
  };
}
