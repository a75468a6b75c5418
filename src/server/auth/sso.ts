import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { isInstitutionEmail } from '../../shared/account.js';
import { SSO_ERROR_MESSAGES } from '../../shared/sso.js';
import type { Config } from '../config.js';

/**
 * Who a provider may sign in (decision 052): a verified address of the institution's domain, and
 * when the provider names a Google Workspace domain (`hd`) it must be the institution's too. Runs
 * on every provider sign-in (new user, linking, returning user), so an identity that moved out of
 * bounds at the provider is refused the next time as well.
 */
export function ssoIdentityProblem(
  identity: { email?: unknown; emailVerified?: unknown; hd?: unknown },
  domain: string,
): { error: string; errorDescription: string } | undefined {
  const refuse = (error: keyof typeof SSO_ERROR_MESSAGES) => ({ error, errorDescription: SSO_ERROR_MESSAGES[error]! });
  if (typeof identity.email !== 'string' || !isInstitutionEmail(identity.email, domain)) return refuse('sso_domain_refused');
  if (identity.hd !== undefined && (typeof identity.hd !== 'string' || identity.hd.toLowerCase() !== domain.toLowerCase()))
    return refuse('sso_domain_refused');
  if (identity.emailVerified !== true) return refuse('sso_email_unverified');
  return undefined;
}

/**
 * Microsoft Entra ID sends no email_verified; its optional claim xms_edov ("email domain owner
 * verified") is Microsoft's own answer for that, in a token of the tenant pinned by the issuer.
 */
function domainOwnerVerified(profile: Record<string, unknown>): boolean {
  return profile.email_verified === undefined && (profile.xms_edov === true || profile.xms_edov === 1 || profile.xms_edov === 'true');
}

/**
 * better-auth's generic OAuth plugin for the configured providers, with OpenID discovery at start
 * (retried on first use if the provider was down) and ID tokens checked against its keys.
 */
export function ssoOptions(config: Config) {
  const { providers } = config.sso;
  const domain = config.public.institutionEmailDomain;
  return {
    plugins: providers.length
      ? [
          genericOAuth({
            config: providers.map((p) => ({
              providerId: p.id,
              name: p.label,
              discoveryUrl: `${p.issuer}/.well-known/openid-configuration`,
              clientId: p.clientId,
              clientSecret: p.clientSecret,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              requireIdTokenVerification: true,
              mapProfileToUser: (profile: Record<string, unknown>) => (domainOwnerVerified(profile) ? { emailVerified: true } : {}),
            })),
          }),
        ]
      : [],
    // The same verified address at a trusted provider is the same person: linked, not duplicated.
    account: { accountLinking: { enabled: true, trustedProviders: providers.map((p) => p.id) } },
    validateUserInfo: (({ user, source }) => {
      if (source.method !== 'oauth') return;
      return ssoIdentityProblem({ email: user.email, emailVerified: user.emailVerified, hd: source.oauth?.profile?.hd }, domain);
    }) satisfies NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>,
    /** A user made by a provider sign-in still owes the profile fields (finish-profile). */
    /** A session a provider sign-in opens remembers the provider (decision 055). */
    markProviderSession: <T extends Record<string, unknown>>(session: T, ctx: { path?: string; params?: Record<string, string | undefined> } | null | undefined) =>
      ctx?.path?.startsWith('/callback/') && ctx.params?.id ? { data: { ...session, signInProvider: ctx.params.id } } : undefined,
    markNewSsoUser: <T extends Record<string, unknown>>(user: T, path: string | undefined) =>
      path?.startsWith('/callback/') ? { data: { ...user, profilePending: true } } : undefined,
  };
}
