import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/account.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { dismissPairSchema, mergePairSchema, NEAR_DUPLICATE_MESSAGES, nearDuplicateListSchema } from '../../../shared/near-duplicates.js';
import { restrictToAdmins } from '../../auth/session.js';
import type { NearDuplicateService } from './near-duplicate.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];

/** /api/admin/near-duplicates: papers flagged as nearly the same; administrators only. */
export function nearDuplicateRoutes(service: NearDuplicateService): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToAdmins(app, 'deleteResources');

    app.get(
      '/near-duplicates',
      { schema: { tags, summary: 'Flagged pairs of near-duplicate papers, newest first', response: { 200: nearDuplicateListSchema, ...errors } } },
      async () => ({ pairs: await service.list() }),
    );

    app.post(
      '/near-duplicates/merge',
      { schema: { tags, summary: 'Merge a flagged pair: keep one, the other goes', body: mergePairSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await service.merge(request.user!, request.body.keep, request.body.drop);
        return { message: NEAR_DUPLICATE_MESSAGES.merged };
      },
    );

    app.post(
      '/near-duplicates/dismiss',
      { schema: { tags, summary: 'Dismiss a flagged pair: they are different papers', body: dismissPairSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await service.dismiss(request.user!, request.body.a, request.body.b);
        return { message: NEAR_DUPLICATE_MESSAGES.dismissed };
      },
    );
  };
}
