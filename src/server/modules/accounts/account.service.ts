import { APIError } from 'better-auth/api';
import {
  ACCOUNT_MESSAGES,
  crCapMessage,
  institutionEmailMessage,
  isInstitutionEmail,
  normaliseEmail,
  PASSWORD_MIN_LENGTH,
  meetsPasswordRules,
  type LoginRequest,
  type Role,
  type SessionUser,
  TOO_MANY_SIGN_UPS_MESSAGE,
} from '../../../shared/account.js';
import { stripBidiControls } from '../../../shared/control-characters.js';
import type { SignUpInput } from '../../../shared/sign-up.js';
import type { Auth } from '../../auth/auth.js';
import type { Config } from '../../config.js';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../http/http-error.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { currentTerm } from '../../../shared/term-calendar.js';
import { AccountRepository, type UserProfileRow } from './account.repository.js';
import { tooManyAttemptsError, type LoginThrottle } from './login-throttle.js';
import { assertPasswordLoginOn } from './password-login.js';
import { assertStrongPassword } from './password-strength.js';
import type { MailLimit } from './mail-limit.js';
import type { SignUpTickets } from './sign-up-ticket.js';
import { systemClock, type Clock } from '../../system/clock.js';

/** What a route hands the service from the request. */
export interface RequestContext {
  headers: Headers;
  ip: string;
}

export interface SignUpResult {
  email: string;
  adminRequested: boolean;
  /** The browser's sign-up ticket (SignUpTickets), to send with the answer. */
  setCookie: string;
}

/** Signed in (user), or the password was right and a second factor is asked for (user null). */
export interface LoginResult {
  user: SessionUser | null;
  twoFactorRequired?: true;
  setCookies: string[];
}

/** A profile row as the browser sees the signed-in user. */
export function toSessionUser(row: UserProfileRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    course: row.course,
    branch: row.branch,
    semester: row.semester ?? 0,
    session: row.academicSession,
    adminRequestPending: row.adminRequestPending,
    ...(row.profilePending ? { profilePending: true } : {}),
  };
}

export const errorCode = (error: unknown) =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/**
 * Sign-up, login, logout and password reset. The rules of SPEC.md §5 and the server-only ones
 * (CR cap, password strength, throttling) live here; better-auth keeps the credentials and
 * sessions. Verification and the expiry of unverified accounts are AccountVerificationService;
 * mails asked for by anonymous visitors (resend, forgot password) are AccountMailService; the
 * signed-in user of each request is CurrentSessionService.
 */
export class AccountService {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly throttle: LoginThrottle,
    private readonly config: Config,
    private readonly tickets: SignUpTickets,
    private readonly mailLimit: MailLimit,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * `input` has passed the sign-up schema (the route's body schema, SPEC.md §5's checks).
   * Returns the Set-Cookie of the browser's sign-up ticket (SignUpTickets) with the answer.
   */
  async signUp(input: SignUpInput, ctx: { ip: string; cookieHeader?: string }): Promise<SignUpResult> {
    assertPasswordLoginOn(this.config);
    // Counted before any work, so parallel sign-ups cannot outrun the limit (decision 013).
    const hit = await this.mailLimit.takeSignUp(ctx.ip);
    if ('retryAfterSeconds' in hit) {
      throw tooManyRequests(TOO_MANY_SIGN_UPS_MESSAGE, { code: 'TOO_MANY_SIGN_UPS', retryAfterSeconds: hit.retryAfterSeconds });
    }
    try {
      return await this.createAccount(input, ctx.cookieHeader);
    } catch (error) {
      await this.mailLimit.giveBack(hit.held);
      throw error;
    }
  }

  private async createAccount(input: SignUpInput, cookieHeader: string | undefined): Promise<SignUpResult> {
    const email = normaliseEmail(input.email);
    await assertStrongPassword(input.password, this.config.public, [input.name, email]);

    const semester = Number(input.semester);
    const branch = input.branch.trim().toLowerCase();
    const role = input.role as Role;
    const cap = this.config.maxCrsPerClass;
    // Seats are held by verified CRs only (one is taken at verification), so a full class says
    // so at once; unverified sign-ups cannot squat a seat.
    if (role === 'CR') {
      const count = await this.accounts.countSeats(branch, semester);
      if (count >= cap) throw conflict(crCapMessage(cap, semester, count), { code: 'CR_CAP_REACHED', field: 'role' });
    }

    const userId = await this.createUser({
      name: input.name.trim(),
      email,
      password: input.password,
      branch,
      semester,
      academicSession: input.session.trim(),
    });

    let setCookie;
    try {
      if (role === 'CR') await this.accounts.createClaim(userId, this.clock().toISOString());
      if (role === 'ADMIN') await this.accounts.createAdminRequest(userId, this.clock().toISOString());
      setCookie = await this.tickets.issue(userId, cookieHeader);
    } catch (error) {
      await this.deleteUser(userId);
      throw error;
    }

    await this.auth.api.sendVerificationEmail({ body: { email } });
    return { email, adminRequested: role === 'ADMIN', setCookie };
  }

  private async createUser(input: {
    name: string;
    email: string;
    password: string;
    branch: string;
    semester: number | null;
    academicSession: string;
  }): Promise<string> {
    // better-auth answers a known address with a synthetic success; SPEC.md §8 wants a 409.
    if (await this.accounts.findByEmail(input.email))
      throw conflict(ACCOUNT_MESSAGES.emailRegistered, { code: 'EMAIL_REGISTERED', field: 'email' });
    try {
      const result = await this.auth.api.signUpEmail({
        body: {
          name: input.name,
          email: input.email,
          password: input.password,
          course: 'btech',
          branch: input.branch,
          semester: input.semester ?? undefined,
          academicSession: input.academicSession,
        },
      });
      // The semester typed at sign-up is this term's (decision 040): not asked again until the next.
      const { startMonths, today } = this.config.termCalendar;
      await this.accounts.setSemesterConfirmedTerm(result.user.id, currentTerm(startMonths, today()));
      return result.user.id;
    } catch (error) {
      const code = errorCode(error);
      if (code?.startsWith('USER_ALREADY_EXISTS'))
        throw conflict(ACCOUNT_MESSAGES.emailRegistered, { code: 'EMAIL_REGISTERED', field: 'email' });
      throw error instanceof APIError
        ? badRequest(ACCOUNT_MESSAGES.registrationFailed, { code: 'REGISTRATION_FAILED' })
        : error;
    }
  }

  /** Undoes a sign-up that failed half-way: the user and every row hanging off them, together. */
  private async deleteUser(userId: string): Promise<void> {
    await this.unitOfWork((tx) => new AccountRepository(tx).deleteUserRows(userId));
  }

  /** True while nobody has an account: demo data is seeded only then. */
  async hasNoUsers(): Promise<boolean> {
    return (await this.accounts.countUsers()) === 0;
  }

  /** For the admin CLI and demo data: a verified account with the given role. */
  async createVerifiedUser(input: {
    name: string;
    email: string;
    password: string;
    role: Role;
    branch?: string;
    semester?: number;
    academicSession?: string;
    /** Also files a pending admin-access request, as a sign-up asking for ADMIN does. */
    requestAdmin?: boolean;
  }): Promise<SessionUser> {
    const email = normaliseEmail(input.email);
    if (!isInstitutionEmail(email, this.config.public.institutionEmailDomain))
      throw badRequest(institutionEmailMessage(this.config.public.institutionName));
    if (!meetsPasswordRules(input.password)) throw badRequest(ACCOUNT_MESSAGES.passwordRules);
    await assertStrongPassword(input.password, this.config.public, [input.name, email]);
    const userId = await this.createUser({
      // The admin CLI and demo data pass no schema: the name loses bidi controls here.
      name: stripBidiControls(input.name).trim(),
      email,
      password: input.password,
      branch: input.branch ?? '',
      semester: input.semester ?? null,
      academicSession: input.academicSession ?? '',
    });
    try {
      const at = this.clock().toISOString();
      if (input.role === 'CR' && input.branch && input.semester) {
        await this.accounts.claimSeat(input.branch, input.semester, userId, this.config.maxCrsPerClass, at);
      }
      await this.accounts.setRole(userId, input.role, at);
      if (input.requestAdmin) await this.accounts.createAdminRequest(userId, at);
      // better-auth's adapter stores booleans the way each dialect expects.
      const context = await this.auth.$context;
      await context.internalAdapter.updateUser(userId, { emailVerified: true });
    } catch (error) {
      await this.deleteUser(userId);
      throw error;
    }
    return toSessionUser((await this.accounts.findById(userId))!);
  }

  async login(input: LoginRequest, ctx: RequestContext): Promise<LoginResult> {
    assertPasswordLoginOn(this.config);
    const email = normaliseEmail(input.email);
    if (!isInstitutionEmail(email, this.config.public.institutionEmailDomain))
      throw badRequest(institutionEmailMessage(this.config.public.institutionName), { field: 'email' });
    if (input.password.length < PASSWORD_MIN_LENGTH)
      throw badRequest(ACCOUNT_MESSAGES.passwordTooShortLogin, { field: 'password' });

    // The attempt is counted before the password is checked, so parallel guesses cannot
    // outrun the limit; its outcome then decides what stays counted (LoginThrottle).
    const attempt = await this.throttle.reserve(email, ctx.ip);
    if ('retryAfterSeconds' in attempt) throw tooManyAttemptsError(attempt.retryAfterSeconds);

    let result;
    try {
      result = await this.auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: input.rememberMe ?? false },
        headers: ctx.headers,
        returnHeaders: true,
      });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'INVALID_EMAIL')
        throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials, { code: 'INVALID_CREDENTIALS' });
      await this.throttle.abandoned(attempt);
      if (code === 'EMAIL_NOT_VERIFIED') throw forbidden(ACCOUNT_MESSAGES.emailNotVerified, { code: 'EMAIL_NOT_VERIFIED' });
      if (error instanceof APIError) throw badRequest(ACCOUNT_MESSAGES.loginFailed, { code: 'LOGIN_FAILED' });
      throw error;
    }
    if ('twoFactorRedirect' in result.response) {
      // The password was right but the sign-in is not done: nothing counts until the code does.
      await this.throttle.abandoned(attempt);
      return { user: null, twoFactorRequired: true, setCookies: result.headers.getSetCookie() };
    }
    await this.throttle.succeeded(attempt);
    const profile = await this.accounts.findById(result.response.user.id);
    return { user: toSessionUser(profile!), setCookies: result.headers.getSetCookie() };
  }

  /** Ends the current session. A missing or expired session counts as success. */
  async logout(ctx: RequestContext): Promise<string[]> {
    try {
      const result = await this.auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
      return result.headers.getSetCookie();
    } catch (error) {
      if (error instanceof APIError) return [];
      throw error;
    }
  }

  async resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<void> {
    assertPasswordLoginOn(this.config);
    if (!meetsPasswordRules(input.password))
      throw badRequest(ACCOUNT_MESSAGES.passwordRules, { field: 'password' });
    if (input.password !== input.confirmPassword)
      throw badRequest(ACCOUNT_MESSAGES.passwordsDontMatch, { field: 'confirmPassword' });
    const owner = await this.accounts.findByResetToken(input.token);
    await assertStrongPassword(input.password, this.config.public, owner ? [owner.name, owner.email] : []);
    try {
      await this.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
    } catch (error) {
      if (error instanceof APIError) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, { code: 'INVALID_TOKEN' });
      throw error;
    }
  }
}
