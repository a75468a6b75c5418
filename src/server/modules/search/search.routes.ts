import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/account.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  SEARCH_MESSAGES,
  subjectAliasListSchema,
  subjectAliasParamsSchema,
  subjectAliasResponseSchema,
  subjectAliasSchema,
} from '../../../shared/search.js';
import { restrictToAdmins } from '../../auth/session.js';
import type { AliasService } from './alias.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['admin'];

/** /api/admin/aliases: the abbreviations search understands; administrators only. */
export function searchAdminRoutes(aliases: AliasService): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToAdmins(app, 'manageSearchAliases');

    app.get(
      '/aliases',
      { schema: { tags, summary: 'Subject abbreviations search expands (DSA -> Data Structures)', response: { 200: subjectAliasListSchema, ...errors } } },
      async () => ({ aliases: await aliases.list() }),
    );

    app.put(
      '/aliases',
      {
        schema: {
          tags,
          summary: 'Add an abbreviation or change the subject it stands for',
          body: subjectAliasSchema,
          response: { 200: subjectAliasResponseSchema, ...errors },
        },
      },
      async (request) => ({ alias: await aliases.save(request.user!, request.body) }),
    );

    app.delete(
      '/aliases/:alias',
      {
        schema: { tags, summary: 'Delete an abbreviation', params: subjectAliasParamsSchema, response: { 200: messageResponseSchema, ...errors } },
      },
      async (request) => {
        await aliases.delete(request.user!, request.params.alias);
        return { message: SEARCH_MESSAGES.aliasDeleted };
      },
    );
  };
}
