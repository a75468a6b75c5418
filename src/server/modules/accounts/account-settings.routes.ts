import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/account.js';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  profileResponseSchema,
  signInMethodsResponseSchema,
  updateProfileRequestSchema,
} from '../../../shared/account-settings.js';
import { semesterCheckAnswerResponseSchema, semesterCheckAnswerSchema } from '../../../shared/semester-check.js';
import { SESSION_MESSAGES, deviceSessionsResponseSchema, endedSessionsResponseSchema, sessionIdParamsSchema } from '../../../shared/sessions.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { requestHeaders, requireUser } from '../../auth/session.js';
import type { AccountSettingsService } from './account-settings.service.js';
import type { SemesterCheckService } from './semester-check.service.js';
import type { AccountSessionsService } from './account-sessions.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** /api/account: the signed-in user's own settings (thin routes over AccountSettingsService). */
export function accountSettingsRoutes(
  service: AccountSettingsService,
  semesterCheck: SemesterCheckService,
  sessions: AccountSessionsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireUser);

    app.patch(
      '/account/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'Change name, class (branch, semester) and session; a CR moves their seat under the cap',
          body: updateProfileRequestSchema,
          response: { 200: profileResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await service.updateProfile(request.user!, request.body);
        return { message: ACCOUNT_SETTINGS_MESSAGES.profileSaved, user };
      },
    );

    app.post(
      '/account/semester-check',
      {
        schema: {
          tags: ['account'],
          summary: "Answer the new term's question: confirm the semester the term calendar gives, or say it is not right",
          body: semesterCheckAnswerSchema,
          response: { 200: semesterCheckAnswerResponseSchema, ...errors },
        },
      },
      async (request) => semesterCheck.answer(request.user!, request.body),
    );

    app.post(
      '/account/password',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the password (current one required); every other session ends, this one is renewed',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const setCookies = await service.changePassword(request.user!, request.body, {
          headers: requestHeaders(request),
          ip: request.ip,
        });
        reply.header('set-cookie', setCookies);
        return { message: ACCOUNT_SETTINGS_MESSAGES.passwordChanged };
      },
    );

    app.get(
      '/account/sign-in',
      {
        schema: {
          tags: ['account'],
          summary: 'Whether the account has a password it can use (else a provider sign-in confirms who it is)',
          response: { 200: signInMethodsResponseSchema, ...errors },
        },
      },
      async (request) => ({ password: await service.usesPassword(request.user!) }),
    );

    app.get(
      '/account/sessions',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in devices (browser, signed in, last seen), this one first',
          response: { 200: deviceSessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ sessions: await sessions.list(request.user!, requestHeaders(request)) }),
    );

    app.delete(
      '/account/sessions/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out one device: its next request answers 401',
          params: sessionIdParamsSchema,
          response: { 200: endedSessionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.end(request.user!, request.params.id);
        return { message: SESSION_MESSAGES.ended, ended: 1 };
      },
    );

    app.post(
      '/account/sessions/end-others',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out every device but this one',
          response: { 200: endedSessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: SESSION_MESSAGES.othersEnded, ended: await sessions.endOthers(request.user!, requestHeaders(request)) }),
    );

    app.delete(
      '/account',
      {
        schema: {
          tags: ['account'],
          summary: 'Delete your own account (its password, or a provider sign-in of the last 10 minutes); uploads stay, shown as by a deleted account',
          body: deleteAccountRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const setCookies = await service.deleteAccount(request.user!, request.body, {
          headers: requestHeaders(request),
          ip: request.ip,
        });
        reply.header('set-cookie', setCookies);
        return { message: ACCOUNT_SETTINGS_MESSAGES.accountDeleted };
      },
    );
  };
}
