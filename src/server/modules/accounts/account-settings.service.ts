import { APIError } from 'better-auth/api';
import type { SessionUser } from '../../../shared/account.js';
import { currentTerm } from '../../../shared/term-calendar.js';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  missingClassField,
  recentSignInMessage,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type UpdateProfileRequest,
} from '../../../shared/account-settings.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/http-error.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { confirmsWithPassword, RECENT_SIGN_IN_MINUTES, signedInRecently } from './account-deletion.policy.js';
import { AccountRepository } from './account.repository.js';
import { errorCode, toSessionUser, type RequestContext } from './account.service.js';
import { saveProfile } from './class-change.js';
import { tooManyAttemptsError, type LoginAttempt, type LoginThrottle } from './login-throttle.js';
import { assertStrongPassword } from './password-strength.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { assertPasswordLoginOn } from './password-login.js';

const wrongPassword = (field: string) =>
  badRequest(ACCOUNT_SETTINGS_MESSAGES.currentPasswordWrong, { code: 'INVALID_PASSWORD', field });
const signedOut = () => unauthorized('Please log in to continue.');

/**
 * A signed-in user's own account (/account): profile and class, password, deletion. Checks of
 * the current password count as login attempts of that account (LoginThrottle), so a session
 * left open on a shared computer cannot be used to guess the password.
 */
export class AccountSettingsService {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly throttle: LoginThrottle,
    private readonly catalogue: CatalogueService,
    private readonly config: Config,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Saves name, class and session (class-change.ts: a CR's seat moves under the cap, a class
   * change is audited). An administrator's role does not depend on a class.
   */
  async updateProfile(user: SessionUser, body: UpdateProfileRequest): Promise<SessionUser> {
    const missing = missingClassField(body, user.role);
    if (missing) throw badRequest(missing.message, { field: missing.field });
    if (body.branch && !(await this.catalogue.listBranches()).some((b) => b.id === body.branch))
      throw badRequest(ACCOUNT_SETTINGS_MESSAGES.branchUnknown, { field: 'branch' });

    const profile = {
      name: body.name,
      branch: body.branch ?? '',
      semester: body.semester,
      academicSession: body.session,
      // Whoever saves their class has settled this term's semester (decision 040).
      semesterConfirmedTerm: currentTerm(this.config.termCalendar.startMonths, this.config.termCalendar.today()),
    };
    await this.unitOfWork(async (tx) => {
      const current = await new AccountRepository(tx).findById(user.id);
      if (!current) throw signedOut();
      await saveProfile(tx, current, profile, this.config.maxCrsPerClass, this.clock().toISOString());
    });
    const saved = await this.accounts.findById(user.id);
    if (!saved) throw signedOut();
    return toSessionUser(saved);
  }

  /**
   * Changes the password after checking the current one (better-auth's change-password, which
   * hashes, revokes every session of the user and opens a new one for this browser in one
   * transaction). Returns the cookies of that new session: the browser stays signed in, every
   * other session answers 401 from its next request. The new password must pass sign-up's
   * strength check, with the same messages.
   */
  async changePassword(user: SessionUser, body: ChangePasswordRequest, ctx: RequestContext): Promise<string[]> {
    assertPasswordLoginOn(this.config);
    await assertStrongPassword(body.newPassword, this.config.public, [user.name, user.email], 'newPassword');
    const current = (await this.auth.api.getSession({ headers: ctx.headers }))?.session;
    const attempt = await this.reserveAttempt(user.email, ctx.ip);
    try {
      const result = await this.auth.api.changePassword({
        body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
        headers: ctx.headers,
        returnHeaders: true,
      });
      await this.throttle.succeeded(attempt);
      // better-auth gives the new session a full 30 days; it keeps the old one's end instead, so a
      // session opened without "remember me" (one day) is not lengthened by a password change.
      if (result.response.token && current) await this.accounts.setSessionExpiry(result.response.token, current.expiresAt);
      return result.headers.getSetCookie();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_PASSWORD') throw wrongPassword('currentPassword');
      await this.throttle.abandoned(attempt);
      if (error instanceof APIError && error.statusCode === 401) throw signedOut();
      throw error instanceof APIError ? badRequest(ACCOUNT_SETTINGS_MESSAGES.passwordFailed, { code: 'PASSWORD_CHANGE_FAILED' }) : error;
    }
  }

  /**
   * Deletes the signed-in user's account once they proved they are its owner (a password, or a
   * recent provider sign-in: account-deletion.policy.ts): sessions, credentials,
   * CR seat, request support and downloads history go; uploads, requests and reports stay,
   * shown as by a deleted account. The last administrator cannot delete themselves (nobody
   * could then approve anyone). Returns cookies that clear this browser's session.
   */
  async deleteAccount(user: SessionUser, body: DeleteAccountRequest, ctx: RequestContext): Promise<string[]> {
    if (await this.usesPassword(user)) await this.checkPassword(user, body.password ?? '', ctx);
    else await this.checkRecentSignIn(ctx.headers);

    await this.unitOfWork(async (tx) => {
      const [accounts, audit] = [new AccountRepository(tx), new AuditLogRepository(tx)];
      const current = await accounts.findById(user.id);
      if (!current) throw signedOut();
      if (current.role === 'ADMIN' && (await accounts.lockAndCountOtherAdmins(current.id)) === 0)
        throw conflict(ACCOUNT_SETTINGS_MESSAGES.lastAdmin, { code: 'LAST_ADMIN' });
      await accounts.deleteLoginFailures(current.email);
      if (!(await accounts.deleteUserRows(current.id))) throw signedOut();
      await audit.insert({
        actor: { id: current.id, name: current.name },
        action: 'user.self_delete',
        targetType: 'user',
        targetId: current.id,
        summary: `${current.name} (${current.email}, ${current.role}) deleted their own account`,
        before: {
          name: current.name,
          email: current.email,
          role: current.role,
          branch: current.branch,
          semester: current.semester,
          academicSession: current.academicSession,
        },
        after: null,
      });
    });
    // The session row is gone already; signing out only produces the cookie-clearing headers.
    const result = await this.auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
    return result.headers.getSetCookie();
  }

  /** Whether the user proves who they are with a password (account-deletion.policy.ts). */
  async usesPassword(user: SessionUser): Promise<boolean> {
    return confirmsWithPassword(await this.accounts.hasPassword(user.id), this.config.sso.passwordLogin);
  }

  /** The password, counted as a login attempt of the account (LoginThrottle). */
  private async checkPassword(user: SessionUser, password: string, ctx: RequestContext): Promise<void> {
    if (!password) throw badRequest(ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired, { field: 'password' });
    const attempt = await this.reserveAttempt(user.email, ctx.ip);
    let valid: boolean;
    try {
      valid = await this.passwordMatches(user.id, password);
    } catch (error) {
      await this.throttle.abandoned(attempt);
      throw error;
    }
    if (!valid) throw wrongPassword('password');
    await this.throttle.succeeded(attempt);
  }

  /** Without a usable password: this session must come from a provider sign-in of the last minutes. */
  private async checkRecentSignIn(headers: Headers): Promise<void> {
    const session = await this.auth.api.getSession({ headers });
    if (!session) throw signedOut();
    if (signedInRecently(session.session, this.clock())) return;
    const { providers } = this.config.sso;
    const provider = providers.find((p) => p.id === session.session.signInProvider) ?? providers[0];
    throw forbidden(recentSignInMessage(provider?.label ?? 'your university account', RECENT_SIGN_IN_MINUTES), { code: 'RECENT_SIGN_IN_REQUIRED' });
  }

  private async reserveAttempt(email: string, ip: string): Promise<LoginAttempt> {
    const attempt = await this.throttle.reserve(email, ip);
    if ('retryAfterSeconds' in attempt) throw tooManyAttemptsError(attempt.retryAfterSeconds);
    return attempt;
  }

  /** Checks a password against the user's stored hash with the hasher better-auth is given (auth.ts). */
  private async passwordMatches(userId: string, password: string): Promise<boolean> {
    const context = await this.auth.$context;
    const account = await context.internalAdapter.findCredentialAccount(userId);
    if (!account?.password) return false;
    return context.password.verify({ hash: account.password, password });
  }
}
