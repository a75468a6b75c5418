import { APIError } from 'better-auth/api';
import { LRUCache } from 'lru-cache';
import { crCapMessage, type Role, type SessionUser } from '../../../shared/account.js';
import { SSO_MESSAGES, type FinishProfileInput } from '../../../shared/sso.js';
import { currentTerm } from '../../../shared/term-calendar.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/http-error.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { AccountRepository } from './account.repository.js';
import { toSessionUser } from './account.service.js';

/**
 * Single sign-on with OpenID Connect (decision 052). better-auth's generic OAuth plugin does the
 * protocol (state, PKCE, nonce, code exchange, ID-token check); this starts it, hands the
 * provider's answer to it, and takes the profile a provider-made account still owes.
 */
export class SsoService {
  /** Each provider's end_session_endpoint, read at most hourly: a sign-out should not wait on discovery. */
  private readonly endSessionEndpoints = new LRUCache<string, { endpoint?: string }>({
    max: 16,
    ttl: 60 * 60_000,
    fetchMethod: (issuer) => readEndSessionEndpoint(issuer),
  });

  constructor(
    private readonly auth: Auth,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: Config,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The provider's authorization URL, and the state cookie that must come back with its answer. */
  async start(providerId: string, headers: Headers): Promise<{ url: string; setCookies: string[] }> {
    if (!this.config.sso.providers.some((p) => p.id === providerId)) throw notFound(SSO_MESSAGES.unknownProvider);
    const site = this.config.publicUrl;
    try {
      const result = await this.auth.api.signInSocial({
        body: {
          provider: providerId,
          callbackURL: `${site}/`,
          newUserCallbackURL: `${site}/finish-profile`,
          errorCallbackURL: `${site}/login`,
          disableRedirect: true,
        },
        headers,
        returnHeaders: true,
      });
      if (!result.response.url) throw new Error('no authorization URL');
      return { url: result.response.url, setCookies: result.headers.getSetCookie() };
    } catch (error) {
      // Discovery failed at start and again now: the provider is down or misconfigured.
      if (error instanceof APIError || error instanceof Error) {
        throw new HttpError(503, SSO_MESSAGES.providerUnavailable, 'SSO_UNAVAILABLE');
      }
      throw error;
    }
  }

  /**
   * Where the browser ends the provider's session too (OpenID Connect RP-initiated logout), for a
   * session a provider opened whose discovery document names an end_session_endpoint: with the
   * provider's last ID token as the hint and our /login to come back to. Read before the
   * session ends; undefined for any other session, or when the provider does not answer in time
   * (the sign-out here goes on regardless).
   */
  async endSessionUrl(headers: Headers): Promise<string | undefined> {
    const session = headers.get('cookie') ? await this.auth.api.getSession({ headers }) : null;
    const provider = this.config.sso.providers.find((p) => p.id === session?.session.signInProvider);
    if (!session || !provider) return undefined;
    const endpoint = (await this.endSessionEndpoints.fetch(provider.issuer))?.endpoint;
    if (!endpoint) return undefined;
    const context = await this.auth.$context;
    const account = (await context.internalAdapter.findAccounts(session.user.id)).find((a) => a.providerId === provider.id);
    const url = new URL(endpoint);
    if (account?.idToken) url.searchParams.set('id_token_hint', account.idToken);
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('post_logout_redirect_uri', `${this.config.publicUrl}/login`);
    return url.toString();
  }

  /**
   * The provider's redirect back. better-auth answers with a redirect of its own: home (or
   * /finish-profile for a new account) with the session cookie, or /login?error=<code>.
   */
  callback(providerId: string, query: Record<string, string>, headers: Headers): Promise<Response> {
    return this.auth.api.callbackOAuth({ params: { id: providerId }, query, headers, asResponse: true });
  }

  /**
   * The fields the provider did not give, under sign-up's rules: a CR takes a seat under the cap
   * at once (the address is verified already), ADMIN files an access request.
   */
  async finishProfile(user: SessionUser, input: FinishProfileInput): Promise<SessionUser> {
    if (!user.profilePending) throw conflict(SSO_MESSAGES.profileAlreadyComplete, { code: 'PROFILE_COMPLETE' });
    const branch = input.branch.trim().toLowerCase();
    const semester = Number(input.semester);
    const role = input.role as Role;
    const { startMonths, today } = this.config.termCalendar;
    const at = this.clock().toISOString();
    const cap = this.config.maxCrsPerClass;
    await this.unitOfWork(async (tx) => {
      const accounts = new AccountRepository(tx);
      const profile = { branch, semester, academicSession: input.session.trim(), semesterConfirmedTerm: currentTerm(startMonths, today()) };
      if (!(await accounts.finishPendingProfile(user.id, profile, at)))
        throw conflict(SSO_MESSAGES.profileAlreadyComplete, { code: 'PROFILE_COMPLETE' });
      if (role === 'CR') {
        if (!(await accounts.claimSeat(branch, semester, user.id, cap, at))) {
          const count = await accounts.countSeats(branch, semester);
          throw conflict(crCapMessage(cap, semester, count), { code: 'CR_CAP_REACHED', field: 'role' });
        }
        await accounts.setRole(user.id, 'CR', at);
      }
      if (role === 'ADMIN') await accounts.createAdminRequest(user.id, at);
    });
    const profile = await this.unitOfWork((tx) => new AccountRepository(tx).findById(user.id));
    if (!profile) throw forbidden(SSO_MESSAGES.profilePending);
    return toSessionUser(profile);
  }
}

/**
 * The provider's end_session_endpoint from its discovery document ({} when it names none);
 * undefined when it does not answer in time, so a failure is not kept.
 */
async function readEndSessionEndpoint(issuer: string): Promise<{ endpoint?: string } | undefined> {
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return undefined;
    const endpoint = ((await res.json()) as { end_session_endpoint?: unknown }).end_session_endpoint;
    return typeof endpoint === 'string' && /^https?:\/\//.test(endpoint) ? { endpoint } : {};
  } catch {
    return undefined;
  }
}
