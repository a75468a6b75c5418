import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema, messageResponseSchema } from '../../../shared/account.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  TWO_FACTOR_MESSAGES,
  passwordConfirmSchema,
  twoFactorCodeSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/two-factor.js';
import { requestHeaders, requireUser } from '../../auth/session.js';
import type { TwoFactorService } from './two-factor.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Two-factor sign-in (decision 049): the login's second step, and set-up in account settings. */
export function twoFactorRoutes(service: TwoFactorService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login/two-factor',
      {
        schema: {
          tags: ['auth'],
          summary: "The login's second step: the authenticator app's code, or a backup code (each works once)",
          body: twoFactorLoginSchema,
          response: { 200: meResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, setCookies } = await service.verifyLogin(request.body, { headers: requestHeaders(request), ip: request.ip });
        reply.header('set-cookie', setCookies);
        return { user };
      },
    );

    app.get(
      '/account/two-factor',
      { preHandler: requireUser, schema: { tags: ['account'], response: { 200: twoFactorStatusSchema, 401: apiErrorSchema } } },
      async (request) => service.status(request.user!),
    );

    app.post(
      '/account/two-factor/enable',
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Start set-up after the password: the secret (text and otpauth URI) and ten backup codes, shown once',
          body: passwordConfirmSchema,
          response: { 200: twoFactorSetupSchema, ...errors },
        },
      },
      async (request) => service.enable(request.user!, request.body.password, { headers: requestHeaders(request), ip: request.ip }),
    );

    app.post(
      '/account/two-factor/confirm',
      {
        preHandler: requireUser,
        schema: { tags: ['account'], summary: 'Turn it on with a first code from the app', body: twoFactorCodeSchema, response: { 200: messageResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const setCookies = await service.confirm(request.user!, request.body.code.trim(), { headers: requestHeaders(request), ip: request.ip });
        if (setCookies.length) reply.header('set-cookie', setCookies);
        return { message: TWO_FACTOR_MESSAGES.enabled };
      },
    );

    app.post(
      '/account/two-factor/disable',
      {
        preHandler: requireUser,
        schema: { tags: ['account'], summary: 'Turn it off after the password (not for a role that must have it)', body: passwordConfirmSchema, response: { 200: messageResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const setCookies = await service.disable(request.user!, request.body.password, { headers: requestHeaders(request), ip: request.ip });
        if (setCookies.length) reply.header('set-cookie', setCookies);
        return { message: TWO_FACTOR_MESSAGES.disabled };
      },
    );
  };
}
