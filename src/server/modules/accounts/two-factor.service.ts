import { APIError } from 'better-auth/api';
import { ACCOUNT_SETTINGS_MESSAGES } from '../../../shared/account-settings.js';
import type { SessionUser } from '../../../shared/account.js';
import { TWO_FACTOR_MESSAGES, type TwoFactorLoginRequest, type TwoFactorSetup, type TwoFactorStatus } from '../../../shared/two-factor.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/http-error.js';
import type { AccountRepository } from './account.repository.js';
import { errorCode, toSessionUser, type RequestContext } from './account.service.js';
import { tooManyAttemptsError, type LoginAttempt, type LoginThrottle } from './login-throttle.js';
import { owesTwoFactorSetup } from './two-factor.policy.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** The cookie better-auth's plugin names a pending sign-in's code challenge with. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?studyshelf\.two_factor=([^;]+)/;

const wrongPassword = () => badRequest(ACCOUNT_SETTINGS_MESSAGES.currentPasswordWrong, { code: 'INVALID_PASSWORD', field: 'password' });
const wrongCode = (status: 400 | 401) =>
  status === 400
    ? badRequest(TWO_FACTOR_MESSAGES.invalidCode, { code: 'INVALID_CODE', field: 'code' })
    : unauthorized(TWO_FACTOR_MESSAGES.invalidCode, { code: 'INVALID_CODE', field: 'code' });

/**
 * Two-factor sign-in (decision 049) over better-auth's `twoFactor` plugin, which keeps the
 * encrypted secret and backup codes and checks codes. Every password or code checked here is a
 * login attempt of that account (LoginThrottle): a wrong one stays counted, a right one clears.
 */
export class TwoFactorService {
  constructor(
    private readonly auth: Auth,
    private readonly twoFactor: TwoFactorRepository,
    private readonly accounts: AccountRepository,
    private readonly throttle: LoginThrottle,
    private readonly config: Config,
  ) {}

  async status(user: Pick<SessionUser, 'id' | 'role'>): Promise<TwoFactorStatus> {
    return { enabled: await this.twoFactor.isEnabled(user.id), required: this.isRequired(user.role) };
  }

  isRequired(role: SessionUser['role']): boolean {
    return (this.config.require2faFor as string[]).includes(role);
  }

  /** A password login's user, marked when the role must set up two-factor sign-in first (decision 055). */
  async afterPasswordLogin(user: SessionUser): Promise<SessionUser> {
    const twoFactorEnabled = await this.twoFactor.isEnabled(user.id);
    const owes = owesTwoFactorSetup({ role: user.role, twoFactorEnabled }, { provider: null, hasPassword: true }, this.config.require2faFor);
    return owes ? { ...user, twoFactorSetupRequired: true } : user;
  }

  /** Starts set-up after the password: a new secret and backup codes, off until a code confirms it. */
  async enable(user: SessionUser, password: string, ctx: RequestContext): Promise<TwoFactorSetup> {
    const attempt = await this.reserve(user.email, ctx.ip);
    try {
      const result = await this.auth.api.enableTwoFactor({
        body: { password, issuer: this.config.public.productName },
        headers: ctx.headers,
      });
      await this.throttle.succeeded(attempt);
      if (!('totpURI' in result) || !result.totpURI) throw new Error('two-factor set-up gave no TOTP URI');
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      return { totpUri: result.totpURI, secret, backupCodes: result.backupCodes ?? [] };
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_PASSWORD') throw wrongPassword();
      await this.throttle.abandoned(attempt);
      if (code === 'TOTP_ALREADY_ENABLED') throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, { code: 'TWO_FACTOR_ALREADY_ON' });
      throw error;
    }
  }

  /** Confirms set-up with a first code; the session is renewed (its cookies come back). */
  async confirm(user: SessionUser, code: string, ctx: RequestContext): Promise<string[]> {
    const attempt = await this.reserve(user.email, ctx.ip);
    try {
      const result = await this.auth.api.verifyTOTP({ body: { code }, headers: ctx.headers, returnHeaders: true });
      await this.throttle.succeeded(attempt);
      return result.headers.getSetCookie();
    } catch (error) {
      const reason = errorCode(error);
      if (reason === 'INVALID_CODE') throw wrongCode(400);
      await this.throttle.abandoned(attempt);
      if (reason === 'TOTP_NOT_ENABLED') throw conflict(TWO_FACTOR_MESSAGES.notStarted, { code: 'TWO_FACTOR_NOT_STARTED' });
      throw error;
    }
  }

  /** Turns it off after the password, unless the user's role must have it. */
  async disable(user: SessionUser, password: string, ctx: RequestContext): Promise<string[]> {
    if (this.isRequired(user.role)) throw forbidden(TWO_FACTOR_MESSAGES.requiredCannotDisable, { code: 'TWO_FACTOR_REQUIRED' });
    const attempt = await this.reserve(user.email, ctx.ip);
    try {
      const result = await this.auth.api.disableTwoFactor({ body: { password }, headers: ctx.headers, returnHeaders: true });
      await this.throttle.succeeded(attempt);
      return result.headers.getSetCookie();
    } catch (error) {
      if (errorCode(error) === 'INVALID_PASSWORD') throw wrongPassword();
      await this.throttle.abandoned(attempt);
      throw error;
    }
  }

  /**
   * The login's second step: the code challenge named by the cookie the first step set. The code
   * counts against the account's login throttle before it is checked, as a password does.
   */
  async verifyLogin(input: TwoFactorLoginRequest, ctx: RequestContext): Promise<{ user: SessionUser; setCookies: string[] }> {
    const identifier = challengeIdentifier(ctx.headers.get('cookie') ?? '');
    // The plugin stamps its challenges with the real clock, so they are read against it too.
    const owner = identifier ? await this.twoFactor.challengeOwner(identifier, new Date()) : undefined;
    if (!owner) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired, { code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    const attempt = await this.reserve(owner.email, ctx.ip);
    let setCookies: string[];
    try {
      const call = { body: { code: input.code.trim() }, headers: ctx.headers, returnHeaders: true } as const;
      const result = input.kind === 'backup' ? await this.auth.api.verifyBackupCode(call) : await this.auth.api.verifyTOTP(call);
      setCookies = result.headers.getSetCookie();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') throw wrongCode(401);
      await this.throttle.abandoned(attempt);
      // The plugin's own fences behind ours: 5 codes per challenge, a lock after 10 failures.
      if (code === 'ACCOUNT_TEMPORARILY_LOCKED') throw tooManyAttemptsError(15 * 60);
      if (error instanceof APIError) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired, { code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
      throw error;
    }
    await this.throttle.succeeded(attempt);
    return { user: toSessionUser((await this.accounts.findById(owner.id))!), setCookies };
  }

  private async reserve(email: string, ip: string): Promise<LoginAttempt> {
    const attempt = await this.throttle.reserve(email, ip);
    if ('retryAfterSeconds' in attempt) throw tooManyAttemptsError(attempt.retryAfterSeconds);
    return attempt;
  }
}

/** The challenge's identifier: the signed cookie's value before its signature (unchecked here). */
function challengeIdentifier(cookieHeader: string): string | undefined {
  const value = CHALLENGE_COOKIE.exec(cookieHeader)?.[1];
  if (!value) return undefined;
  return decodeURIComponent(value).split('.')[0] || undefined;
}
