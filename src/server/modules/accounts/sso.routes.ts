import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../../shared/account.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { finishProfileRequestSchema, ssoStartResponseSchema } from '../../../shared/sso.js';
import { z } from '../../../shared/zod.js';
import { requestHeaders, requireUser } from '../../auth/session.js';
import type { SsoService } from './sso.service.js';

const providerParams = z.object({ provider: z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema };

/** /api/auth/sso/*, the providers' callback and the first profile: thin routes over SsoService. */
export function ssoRoutes(sso: SsoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/sso/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: "Start signing in with an OpenID Connect provider: answers the provider's URL to send the browser to",
          params: providerParams,
          response: { 200: ssoStartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { url, setCookies } = await sso.start(request.params.provider, requestHeaders(request));
        reply.header('set-cookie', setCookies);
        return { url };
      },
    );

    // The redirect URL registered at the provider: <PUBLIC_URL>/api/auth/callback/<id>.
    app.get(
      '/auth/callback/:provider',
      { schema: { tags: ['auth'], summary: "The provider's answer; redirects home, to /finish-profile, or to /login?error=", params: providerParams } },
      async (request, reply) => {
        const query = Object.fromEntries(
          Object.entries(request.query as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
        const answer = await sso.callback(request.params.provider, query, requestHeaders(request));
        reply.code(answer.status).header('cache-control', 'no-store');
        const location = answer.headers.get('location');
        if (location) reply.header('location', location);
        const cookies = answer.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(await answer.text());
      },
    );

    app.post(
      '/auth/finish-profile',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'The profile fields a provider sign-in did not give (branch, semester, session, role asked for)',
          body: finishProfileRequestSchema,
          response: { 200: meResponseSchema, ...errors },
        },
      },
      async (request) => ({ user: await sso.finishProfile(request.user!, request.body) }),
    );
  };
}
