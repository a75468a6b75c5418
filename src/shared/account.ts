import { z } from './zod.js';

/**
 * Account rules shared by the sign-up form and the server. The server runs the same checks
 * again (it is the authority) and adds the ones only it can make: the CR cap, password strength
 * (zxcvbn-ts, whose dictionaries stay on the server), an e-mail already registered.
 */

export const ROLES = ['STUDENT', 'CR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** What sign-up offers. ADMIN is a request an administrator approves (DESIGN.md §1). */
export const SIGN_UP_ROLES = [
  { value: 'STUDENT', label: 'Student' },
  { value: 'CR', label: 'Class Representative (CR)' },
  { value: 'ADMIN', label: 'Request admin access' },
] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Said up front under new-password fields, so the rules are known before the first error. */
export const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
export const SESSION_PATTERN = /^\d{4}-\d{2}$/;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Name is required!',
  branchRequired: 'Branch is required!',
  semesterInvalid: 'Please enter a valid semester (1-8)!',
  passwordTooShortSignUp: 'Password must be at least 8 characters!',
  passwordsDontMatch: "Passwords don't match!",
  sessionRequired: 'Session is required!',
  passwordRules: 'Password must be at least 8 characters and contain uppercase, lowercase and numbers',
  passwordTooWeak: 'Password is too easy to guess.',
  sessionFormat: 'Invalid session format (YYYY-YY)',
  roleInvalid: 'Invalid user role selected',
  courseInvalid: 'Please select a valid course',
  emailRegistered: 'Email is already registered',
  registrationFailed: 'Registration failed. Please try again.',
  passwordTooShortLogin: 'Password must be at least 8 characters',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed. Please try again.',
  tooManyAttemptsClient: 'Too many login attempts. Please try again later.',
  emailNotVerified:
    'Please verify your e-mail address before logging in. Check your inbox for the verification link.',
  verificationSent: 'If that account exists and is not verified yet, a new verification link is on its way.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Request a new one from the login page.',
  emailVerified: 'Your e-mail address is verified. You can log in now.',
  logoutFailed: 'Logout failed. Please try again.',
  resetMailSent: 'Password reset email sent successfully',
  resetMailFailed: 'Failed to send password reset email',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  loginRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
  foreignOrigin: 'Requests from other sites are not accepted.',
  signUpSuccess: 'Account created successfully!',
  loginSuccess: 'Login successful!',
} as const;

/**
 * The answer to a CR sign-up's verification when the class filled up while the mail was unread.
 * Outside ACCOUNT_MESSAGES so the web bundle (which shows the server's text) does not carry it.
 */
export const CR_SEATS_TAKEN_MESSAGE =
  'Your e-mail address is verified. The CR seats of your class were taken; your account is a student account. You can log in now.';

/** A client address past its sign-ups for the hour (decision 032). Outside ACCOUNT_MESSAGES, as below. */
export const TOO_MANY_SIGN_UPS_MESSAGE = 'Too many sign-ups from your network in the last hour. Please try again later.';

/**
 * The answer to a verification link opened in another browser than the one that signed up: the
 * password chosen at sign-up is gone (decision 032). Outside ACCOUNT_MESSAGES, as above.
 */
export const CHOOSE_PASSWORD_AFTER_VERIFY_MESSAGE =
  'Your e-mail address is verified. This link was opened in another browser than the one you signed up in, so the password chosen at sign-up no longer works: we sent you a link to choose your password.';

/**
 * Why the server refused a password: the estimator's warning and suggestions, e.g. "Password is
 * too easy to guess. This is a commonly used password. Add more words that are less common."
 */
export function weakPasswordMessage(warning: string | null, suggestions: string[]): string {
  const advice = suggestions.length ? suggestions : ['Add another word or two.'];
  return [ACCOUNT_MESSAGES.passwordTooWeak, warning, ...advice].filter(Boolean).join(' ');
}

/** "Please use your X email address": named after the institution, as SPEC.md §5 asks. */
export function institutionEmailMessage(institutionName: string, signUp = false): string {
  return signUp
    ? `Please use your ${institutionName} email address!`
    : `Please use your ${institutionName} email address`;
}

export function crCapMessage(cap: number, semester: number, count: number): string {
  return `Maximum ${cap} CRs allowed per semester. Semester ${semester} already has ${count} CRs.`;
}

/**
 * Letters, digits and ._%+- before the @, then exactly the institution's domain. No quoted local
 * parts, no sub-domains, no look-alike domains; case does not matter.
 */
export function isInstitutionEmail(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const host = email.slice(at + 1).toLowerCase();
  return /^[A-Za-z0-9._%+-]+$/.test(local) && local.length <= 64 && host === domain.toLowerCase();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** SPEC.md's rule in any script with letter case: "Ünïcödé-Пароль-2024" passes as "Password1" does. */
export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && /[\p{Lu}\p{Lt}]/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password)
  );
}

export const loginRequestSchema = z.object({
  email: z.string().check(z.maxLength(254)),
  password: z.string().check(z.maxLength(128)),
  // Ticked by default (DESIGN.md §1): a client that leaves it out gets the long session.
  rememberMe: z._default(z.boolean(), true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const emailRequestSchema = z.object({ email: z.string().check(z.maxLength(254)) });
export const tokenRequestSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2048)) });
export const resetPasswordRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(2048)),
  password: z.string().check(z.maxLength(128)),
  confirmPassword: z.string().check(z.maxLength(128)),
});

/** The signed-in user as the browser sees it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  course: z.string(),
  branch: z.string(),
  semester: z.number().check(z.int()),
  session: z.string(),
  adminRequestPending: z.boolean(),
  /** Signed in with a provider and the profile not finished: only /finish-profile opens (decision 052). */
  profilePending: z.optional(z.boolean()),
  /**
   * The role must use two-factor sign-in (REQUIRE_2FA_FOR) and this password sign-in has none
   * yet: only account settings answer until it is set up (decision 055).
   */
  twoFactorSetupRequired: z.optional(z.boolean()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: z.nullable(sessionUserSchema) });
export const messageResponseSchema = z.object({ message: z.string() });
export const signUpResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  adminRequested: z.boolean(),
});
