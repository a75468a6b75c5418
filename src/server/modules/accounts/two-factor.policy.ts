import type { Role } from '../../../shared/account.js';

/** How the current session was opened, as far as a second factor is concerned. */
export interface SignIn {
  /** The OpenID Connect provider that opened the session; null for a password sign-in. */
  provider: string | null;
  /** The account has a password; without one it cannot set up TOTP (set-up asks for the password). */
  hasPassword: boolean;
}

/**
 * Whether a signed-in user must set up two-factor sign-in before anything else (decisions 049,
 * 055): their role is in REQUIRE_2FA_FOR and TOTP is off. A provider's sign-in counts as the
 * second factor (the operator requires MFA there, decision 052), and so does an account without
 * a password, which only a provider can have signed in.
 */
export function owesTwoFactorSetup(
  user: { role: Role; twoFactorEnabled: boolean },
  signIn: SignIn,
  requiredRoles: readonly Role[],
): boolean {
  if (!requiredRoles.includes(user.role) || user.twoFactorEnabled) return false;
  return signIn.provider === null && signIn.hasPassword;
}
