import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/account.js';
import {
  ADMIN_MESSAGES,
  adminDecisionResponseSchema,
  adminRequestListResponseSchema,
  adminStatsSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  requestIdParamsSchema,
  roleChangeRequestSchema,
  userIdParamsSchema,
} from '../../../shared/admin.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { SESSION_MESSAGES, endedSessionsResponseSchema } from '../../../shared/sessions.js';
import { restrictToAdmins } from '../../auth/session.js';
import type { AdminService, Decision } from './admin.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];

/** /api/admin/*: the dashboard's thin routes over AdminService. */
export function adminRoutes(service: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToAdmins(app, 'manageUsers');

    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Filter, search and page through users (10 a page), with counts per role and branch',
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserListResponseSchema, ...errors },
        },
      },
      async (request) => service.listUsers(request.query),
    );

    app.get(
      '/stats',
      { schema: { tags, summary: 'User statistics for the stat cards', response: { 200: adminStatsSchema, ...errors } } },
      async () => service.stats(),
    );

    app.patch(
      '/users/:id/role',
      {
        schema: {
          tags,
          summary: 'Switch a non-admin user between STUDENT and CR (CR cap per class applies)',
          params: userIdParamsSchema,
          body: roleChangeRequestSchema,
          response: { 200: adminUserResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await service.changeRole(request.user!, request.params.id, request.body.role);
        return { message: ADMIN_MESSAGES.roleChanged, user };
      },
    );

    app.delete(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Delete a non-admin user and end their sessions; their uploads stay',
          params: userIdParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.deleteUser(request.user!, request.params.id);
        return { message: ADMIN_MESSAGES.userDeleted };
      },
    );

    app.post(
      '/users/:id/end-sessions',
      {
        schema: {
          tags,
          summary: 'End every session of a user (administrators too, not oneself); audited',
          params: userIdParamsSchema,
          response: { 200: endedSessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: SESSION_MESSAGES.userSessionsEnded, ended: await service.endSessions(request.user!, request.params.id) }),
    );

    app.get(
      '/admin-requests',
      {
        schema: {
          tags,
          summary: 'Pending admin-access requests, newest first',
          response: { 200: adminRequestListResponseSchema, ...errors },
        },
      },
      async () => ({ requests: await service.pendingRequests() }),
    );

    const decide = (decision: Decision, summary: string, done: string) =>
      app.post(
        `/admin-requests/:id/${decision}`,
        {
          schema: { tags, summary, params: requestIdParamsSchema, response: { 200: adminDecisionResponseSchema, ...errors } },
        },
        async (request) => {
          const { mailed } = await service.decideRequest(request.user!, request.params.id, decision);
          return { message: mailed ? done : `${done}. ${ADMIN_MESSAGES.mailFailed}`, mailed };
        },
      );
    decide('approve', 'Approve an admin-access request (the requester becomes ADMIN) and tell them by e-mail', ADMIN_MESSAGES.requestApproved);
    decide('decline', 'Decline an admin-access request and tell the requester by e-mail', ADMIN_MESSAGES.requestDeclined);

    app.get(
      '/audit-log',
      {
        schema: {
          tags,
          summary: 'What administrators did, newest first (20 a page)',
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...errors },
        },
      },
      async (request) => service.auditLogPage(request.query.page),
    );
  };
}
