import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE,
  CR_SEATS_TAKEN_MESSAGE,
  emailRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  signUpResponseSchema,
  tokenRequestSchema,
} from '../../../shared/account.js';
import { signUpSchemaFor } from '../../../shared/sign-up.js';
import { logoutResponseSchema } from '../../../shared/sso.js';
import { loginResponseSchema } from '../../../shared/two-factor.js';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { requestHeaders } from '../../auth/session.js';
import type { AccountMailService } from './account-mail.service.js';
import type { AccountService } from './account.service.js';
import type { AccountVerificationService } from './account-verification.service.js';
import type { SsoService } from './sso.service.js';
import type { TwoFactorService } from './two-factor.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** /api/auth/*: thin routes over the account services. */
export function accountRoutes({
  accounts: service,
  mails,
  verification,
  twoFactor,
  sso,
  institution,
}: {
  accounts: AccountService;
  twoFactor: TwoFactorService;
  sso: SsoService;
  mails: AccountMailService;
  verification: AccountVerificationService;
  /** Whose e-mail addresses may sign up, and the name the refusal gives. */
  institution: { institutionName: string; emailDomain: string };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/sign-up',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account (STUDENT, CR, or STUDENT with an admin-access request) and send a verification mail',
          // SPEC.md §5's checks in order, the schema the sign-up form runs too.
          body: signUpSchemaFor(institution),
          response: { 201: signUpResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { setCookie, ...result } = await service.signUp(request.body, { ip: request.ip, cookieHeader: request.headers.cookie });
        reply.header('set-cookie', setCookie);
        const message = `${ACCOUNT_MESSAGES.signUpSuccess} We sent a verification link to ${result.email}.`;
        return reply.code(201).send({ message, ...result });
      },
    );

    app.post(
      '/auth/verify-email',
      { schema: { tags: ['auth'], body: tokenRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        const outcome = await verification.verifyEmail(request.body.token, request.headers.cookie);
        return { message: verifiedMessage(outcome) };
      },
    );

    app.post(
      '/auth/resend-verification',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification link (limited per address and client; the same answer for every address)',
          body: emailRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await mails.resendVerification(request.body.email, request.ip, mailFailureLog(request));
        return { message: ACCOUNT_MESSAGES.verificationSent };
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a password; with two-factor sign-in on, answers twoFactorRequired and the code goes to /auth/login/two-factor',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, twoFactorRequired, setCookies } = await service.login(request.body, { headers: requestHeaders(request), ip: request.ip });
        reply.header('set-cookie', setCookies);
        if (!user) return { user, twoFactorRequired };
        // A role that must have two-factor sign-in and has none is sent to set it up (decision 055).
        const signedIn = await twoFactor.afterPasswordLogin(user);
        return signedIn.twoFactorSetupRequired ? { user: signedIn, twoFactorSetupRequired: true } : { user: signedIn };
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out; after a provider sign-in, endSessionUrl signs out at the provider too',
          response: { 200: logoutResponseSchema },
        },
      },
      async (request, reply) => {
        const headers = requestHeaders(request);
        // Asked before the session ends: which provider opened it, and its ID token.
        const endSessionUrl = await sso.endSessionUrl(headers);
        const setCookies = await service.logout({ headers, ip: request.ip });
        if (setCookies.length) reply.header('set-cookie', setCookies);
        return endSessionUrl ? { message: 'Logged out', endSessionUrl } : { message: 'Logged out' };
      },
    );

    app.get(
      '/auth/me',
      { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: meResponseSchema } } },
      async (request) => ({ user: request.user }),
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link (limited per address and client; the same answer for every address)',
          body: emailRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await mails.requestPasswordReset(request.body.email, request.ip, mailFailureLog(request));
        return { message: ACCOUNT_MESSAGES.resetMailSent };
      },
    );

    app.post(
      '/auth/reset-password',
      { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await service.resetPassword(request.body);
        return { message: ACCOUNT_MESSAGES.passwordResetDone };
      },
    );
  };
}

function verifiedMessage(outcome: { crSeatsTaken: boolean; passwordReset: boolean }): string {
  if (outcome.passwordReset) {
    return outcome.crSeatsTaken
      ? `${CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE} The CR seats of your class were taken; your account is a student account.`
      : CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE;
  }
  return outcome.crSeatsTaken ? CR_SEATS_TAKEN_MESSAGE : ACCOUNT_MESSAGES.emailVerified;
}

/** Work that outlasts its answer still logs with the request's id (JSON logs, DESIGN.md §6). */
function mailFailureLog(request: FastifyRequest): (error: unknown) => void {
  return (error) => request.log.error({ err: error }, 'account mail request failed');
}
