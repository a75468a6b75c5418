import { describe, preprocess, withoutBidiControls, z } from './zod.js';
import { ACCOUNT_MESSAGES, meetsPasswordRules, SESSION_PATTERN, sessionUserSchema, type Role } from './account.js';
import { BRANCH_ID_PATTERN, MAX_SEMESTER, MIN_SEMESTER } from './catalogue.js';

/**
 * Account settings (/account, issue 14): the profile (name and class), the password and the
 * deletion of one's own account. One contract for the routes, the forms and the API client.
 * Texts already in SPEC.md (sign-up's) are reused so a field says the same thing everywhere.
 */
export const ACCOUNT_SETTINGS_MESSAGES = {
  nameTooLong: 'Names are at most 100 characters',
  branchUnknown: 'Please choose a branch from the list',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  samePassword: 'Choose a new password that differs from the current one',
  profileSaved: 'Profile saved',
  passwordChanged: 'Password changed. You were signed out on your other devices.',
  accountDeleted: 'Your account has been deleted.',
  lastAdmin: 'You are the only administrator. Approve another administrator before deleting your account.',
  saveFailed: 'Failed to save your profile',
  passwordFailed: 'Failed to change your password',
  deleteFailed: 'Failed to delete your account',
} as const;

/** Deleting an account without a password: the provider sign-in must be recent (account-deletion.policy.ts). */
export const recentSignInMessage = (provider: string, minutes: number) =>
  `To delete your account, sign out and sign in again with your ${provider}, then delete it within ${minutes} minutes.`;

/** A form's empty choice ('' or nothing) is "not set". */
const blankAsNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

/**
 * PATCH /api/account/profile. The class (branch, semester) and the academic session may be blank
 * in the schema because an administrator need not belong to a class; students and CRs must give
 * all three (missingClassField). A CR who changes class moves their CR seat under the same cap
 * as sign-up.
 */
export const updateProfileRequestSchema = z.object({
  name: describe(
    z
      .string({ error: ACCOUNT_MESSAGES.nameRequired })
      .check(withoutBidiControls(), z.trim(), z.minLength(1, ACCOUNT_MESSAGES.nameRequired), z.maxLength(100, ACCOUNT_SETTINGS_MESSAGES.nameTooLong)),
    'Full name shown in the nav bar and to admins',
  ),
  branch: describe(
    preprocess(
      blankAsNull,
      z.nullable(z.string().check(z.trim(), z.toLowerCase(), z.regex(BRANCH_ID_PATTERN, ACCOUNT_SETTINGS_MESSAGES.branchUnknown))),
    ),
    'Branch id (cse, it, ...); blank only for administrators',
  ),
  semester: describe(
    preprocess(
      blankAsNull,
      z.nullable(
        z.coerce
          .number({ error: ACCOUNT_MESSAGES.semesterInvalid })
          .check(
            z.int(ACCOUNT_MESSAGES.semesterInvalid),
            z.minimum(MIN_SEMESTER, ACCOUNT_MESSAGES.semesterInvalid),
            z.maximum(MAX_SEMESTER, ACCOUNT_MESSAGES.semesterInvalid),
          ),
      ),
    ),
    '1-8; blank only for administrators',
  ),
  session: describe(
    preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value ?? ''),
      z.string().check(z.maxLength(16), z.refine((value) => value === '' || SESSION_PATTERN.test(value), ACCOUNT_MESSAGES.sessionFormat)),
    ),
    'Academic session (batch) as YYYY-YY, e.g. 2023-24; blank only for administrators',
  ),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;
export type UpdateProfileInput = z.input<typeof updateProfileRequestSchema>;

/** Students and CRs belong to a class and a session; the first one missing, with sign-up's text. */
export function missingClassField(
  profile: Pick<UpdateProfileRequest, 'branch' | 'semester' | 'session'>,
  role: Role,
): { field: 'branch' | 'semester' | 'session'; message: string } | null {
  if (role === 'ADMIN') return null;
  if (!profile.branch) return { field: 'branch', message: ACCOUNT_MESSAGES.branchRequired };
  if (!profile.semester) return { field: 'semester', message: ACCOUNT_MESSAGES.semesterInvalid };
  if (!profile.session) return { field: 'session', message: ACCOUNT_MESSAGES.sessionRequired };
  return null;
}

/**
 * POST /api/account/password. The new password follows account creation's rules here and
 * zxcvbn's strength check on the server (the same messages as sign-up).
 */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired })
      .check(z.minLength(1, ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired), z.maxLength(128)),
    newPassword: z
      .string({ error: ACCOUNT_MESSAGES.passwordRules })
      .check(z.maxLength(128), z.refine(meetsPasswordRules, ACCOUNT_MESSAGES.passwordRules)),
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.passwordsDontMatch }).check(z.maxLength(128)),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.newPassword !== value.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordsDontMatch });
      else if (value.currentPassword && value.newPassword === value.currentPassword)
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: ACCOUNT_SETTINGS_MESSAGES.samePassword });
    }),
  );
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * DELETE /api/account: the current password proves it is the owner at the keyboard. An account
 * without one (made by a provider, or password sign-in off) sends none: a recent provider
 * sign-in proves it instead, checked on the server.
 */
export const deleteAccountRequestSchema = z.object({
  password: z._default(z.string().check(z.maxLength(128)), ''),
});
/**
 * GET /api/account/sign-in: whether the account has a password it can use here. Without one (made
 * by a provider, or password sign-in off), deleting it asks for a recent provider sign-in instead.
 */
export const signInMethodsResponseSchema = z.object({ password: z.boolean() });

/** The dialog's form for an account with a password: it must be typed. */
export const deleteWithPasswordSchema = z.object({
  password: z
    .string({ error: ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired })
    .check(z.minLength(1, ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired), z.maxLength(128)),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** The answer to a saved profile: the signed-in user as it now is. */
export const profileResponseSchema = z.object({ message: z.string(), user: sessionUserSchema });
