import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getSessionCookie } from 'better-auth/cookies';
import type { Config } from '../config.js';
import { authSchemaOptions } from '../db/auth-schema.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { resetPasswordMail, verificationMail } from './auth-mails.js';
import { clientPlace } from './client-place.js';
import { passwordHashingOption } from './password-hashing.js';
import { ssoOptions } from './sso.js';

const HOUR = 60 * 60;

/** Filled in after the services exist (they need `auth` themselves). */
export interface AuthHooks {
  /** Runs once a verification token has been checked, before the address is marked verified. */
  beforeEmailVerification?: (user: { id: string; email: string }) => Promise<void>;
}
const COOKIE_PREFIX = 'studyshelf';

/**
 * better-auth does the security-sensitive work (password hashing, sessions in the database,
 * signed tokens for verification and reset). Its HTTP handler is not mounted: our own routes
 * call `auth.api` so that the product's rules, messages and the Origin check stay ours.
 */
export function createAuth(deps: { config: Config; db: Db; mailer: Mailer; hooks?: AuthHooks }) {
  const { config, mailer } = deps;
  const schema = authSchemaOptions(deps.db);
  const sso = ssoOptions(config);
  const options = {
    ...schema,
    plugins: [...schema.plugins, ...sso.plugins],
    user: { ...schema.user, validateUserInfo: sso.validateUserInfo },
    account: sso.account,
    databaseHooks: {
      user: { create: { before: async (user, ctx) => sso.markNewSsoUser(user, ctx?.path) } },
      session: {
        create: {
          before: async (session, ctx) => {
            const marked = sso.markProviderSession(session, ctx);
            const place = clientPlace(ctx?.headers, config.clientPlaceHeader);
            // Nothing to add: better-auth creates the session as it planned.
            if (!place) return marked;
            return { data: { ...(marked?.data ?? session), place } };
          },
        },
      },
    },
    appName: config.public.productName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      ...passwordHashingOption(config.passwordHashing),
      // Links point at our web pages (built from PUBLIC_URL), never at request headers.
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(resetPasswordMail(config, user.email, token));
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * HOUR,
      beforeEmailVerification: async (user) => {
        await deps.hooks?.beforeEmailVerification?.(user);
      },
      sendVerificationEmail: async ({ user, token }) => {
        await mailer.send(verificationMail(config, user.email, token));
      },
    },
    session: {
      ...schema.session,
      expiresIn: 30 * 24 * HOUR,
      updateAge: 24 * HOUR,
      // No cookie cache: a role change or deletion must count on the user's very next request.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { disableIpTracking: true },
    },
    logger: { disabled: config.logLevel === 'silent' },
  } satisfies BetterAuthOptions;
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Whether a request carries a session cookie at all (not whether it is valid): enough for the
 * HTML to guess at what the page will show, never for a decision about access.
 */
export function hasSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX }) !== null;
}
