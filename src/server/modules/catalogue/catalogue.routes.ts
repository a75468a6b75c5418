import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchListResponseSchema,
  subjectListQuerySchema,
  subjectListResponseSchema,
} from '../../../shared/api/catalogue.schema.js';
import type { CatalogueService } from './catalogue.service.js';

/** Public, read-only catalogue endpoints. */
export function catalogueRoutes(service: CatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalogue/branches',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'The engineering branches, in display order',
          response: { 200: branchListResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { branches: await service.listBranches() };
      },
    );

    app.get(
      '/catalogue/subjects',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Subjects, optionally of one branch and semester',
          querystring: subjectListQuerySchema,
          response: { 200: subjectListResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { subjects: await service.listSubjects(request.query) };
      },
    );
  };
}
