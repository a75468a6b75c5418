import { sessionUserSchema } from './account.js';
import { z } from './zod.js';

/**
 * Two-factor sign-in (issue 37, decision 049): a code from an authenticator app (TOTP, 6 digits,
 * 30 s) or one of ten one-time backup codes. Set up and turned off from account settings; the
 * login asks for a code after the password when it is on.
 */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  invalidCode: 'That code is not right. Check the time on your phone and try again.',
  challengeExpired: 'Your sign-in has expired. Please enter your password again.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notStarted: 'Start the set-up again: no authenticator secret is waiting to be confirmed.',
  setupRequired: 'Your role must use two-factor sign-in. Set it up to continue.',
  requiredCannotDisable: 'Your role must use two-factor sign-in: it cannot be turned off.',
} as const;

const code = z.string().check(z.trim(), z.minLength(1, TWO_FACTOR_MESSAGES.codeRequired), z.maxLength(32));

export const passwordConfirmSchema = z.object({ password: z.string().check(z.maxLength(128)) });
export const twoFactorCodeSchema = z.object({ code });

/** The second step of a login: the app's code, or a backup code (used once). */
export const twoFactorLoginSchema = z.object({
  code,
  kind: z._default(z.enum(['totp', 'backup']), 'totp'),
});
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's role must have it (REQUIRE_2FA_FOR): it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Set-up: the secret (as text and inside the otpauth:// URI) and the backup codes, shown once. */
export const twoFactorSetupSchema = z.object({
  totpUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * The login's answer: signed in (user), or a code is needed first. `twoFactorSetupRequired`: the
 * user's role must have two-factor sign-in and has not set it up; the web app sends them to do so.
 */
export const loginResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
  twoFactorRequired: z.optional(z.boolean()),
  twoFactorSetupRequired: z.optional(z.boolean()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
