import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeResponseSchema } from '../../../shared/home.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { requirePermission } from '../../auth/session.js';
import type { HomeService } from './home.service.js';

/** GET /api/home: the signed-in home page's class sections. */
export function homeRoutes(service: HomeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/home',
      {
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginFirst, RESOURCE_MESSAGES.loginFirst),
        schema: {
          tags: ['resources'],
          summary: 'Your class first: newest papers, most downloaded this term, your open requests',
          response: { 200: homeResponseSchema },
        },
      },
      async (request) => service.forUser(request.user!),
    );
  };
}
