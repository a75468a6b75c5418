import { withoutBidiControls, z } from './zod.js';
import { ACCOUNT_MESSAGES, ROLES, SESSION_PATTERN } from './account.js';
import { MAX_SEMESTER, MIN_SEMESTER } from './catalogue.js';

/**
 * Single sign-on with OpenID Connect (issue 37, decision 052): a button per provider on the login
 * page, the provider's callback, and the profile a first sign-in still has to give.
 */

export const SSO_MESSAGES = {
  passwordLoginOff: 'Password sign-in is turned off here: use your institution sign-in button.',
  unknownProvider: 'That sign-in provider is not set up here.',
  providerUnavailable: 'The sign-in provider cannot be reached right now. Please try again in a minute.',
  profilePending: 'Finish your profile to open the library.',
  profileAlreadyComplete: 'Your profile is already complete.',
  profileDone: 'Your profile is complete. Welcome!',
} as const;

/**
 * Where a refused provider sign-in lands: /login?error=<code>. Known codes get a sentence of ours;
 * anything else (the provider's own error, a stale state) the generic one, so no text of the
 * provider's or an attacker's is ever shown.
 */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  sso_domain_refused: 'Only addresses of your institution can sign in. Use your institution account at the provider.',
  sso_email_unverified: 'The provider has not verified your e-mail address, so it cannot sign you in here.',
  account_not_linked:
    'An account with this address exists but its e-mail is not verified yet. Verify it from the link we sent, then try again.',
  access_denied: 'Sign-in was cancelled at the provider.',
};
export const SSO_FAILED_MESSAGE = 'Sign-in with your institution account did not work. Please try again.';

export function ssoErrorMessage(code: string): string {
  return Object.hasOwn(SSO_ERROR_MESSAGES, code) ? SSO_ERROR_MESSAGES[code]! : SSO_FAILED_MESSAGE;
}

/**
 * POST /api/auth/logout: signed out; `endSessionUrl`: send the browser there to sign out at the
 * provider too (decision 055). Here, not in account.ts, so only the pages that sign out carry it.
 */
export const logoutResponseSchema = z.object({ message: z.string(), endSessionUrl: z.optional(z.string()) });

/** POST /api/auth/sso/:provider answers where to send the browser (the provider's login page). */
export const ssoStartResponseSchema = z.object({ url: z.string() });

/**
 * The fields a provider does not give, with the sign-up form's rules and messages (SPEC.md §5):
 * branch, semester, session and the role asked for (CR under the cap, ADMIN as a request).
 */
export const finishProfileRequestSchema = z
  .object({
    branch: z._default(z.string().check(withoutBidiControls(), z.maxLength(16)), ''),
    semester: z._default(z.union([z.string().check(z.maxLength(4)), z.number()]), ''),
    session: z._default(z.string().check(z.maxLength(16)), ''),
    role: z._default(z.string().check(z.maxLength(16)), 'STUDENT'),
  })
  .check(
    z.superRefine((input, ctx) => {
      const semester = Number(input.semester);
      const rules: Array<[keyof typeof input, boolean, string]> = [
        ['branch', input.branch.trim() !== '', ACCOUNT_MESSAGES.branchRequired],
        [
          'semester',
          String(input.semester).trim() !== '' && Number.isInteger(semester) && semester >= MIN_SEMESTER && semester <= MAX_SEMESTER,
          ACCOUNT_MESSAGES.semesterInvalid,
        ],
        ['session', input.session.trim() !== '', ACCOUNT_MESSAGES.sessionRequired],
        ['session', SESSION_PATTERN.test(input.session.trim()), ACCOUNT_MESSAGES.sessionFormat],
        ['role', (ROLES as readonly string[]).includes(input.role), ACCOUNT_MESSAGES.roleInvalid],
      ];
      const failed = rules.find(([, passes]) => !passes);
      if (failed) ctx.addIssue({ code: 'custom', path: [failed[0]], message: failed[2] });
    }),
  );
export type FinishProfileRequest = z.input<typeof finishProfileRequestSchema>;
export type FinishProfileInput = z.infer<typeof finishProfileRequestSchema>;
