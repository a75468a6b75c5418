import { withoutBidiControls, z } from './zod.js';
import {
  ACCOUNT_MESSAGES,
  institutionEmailMessage,
  isInstitutionEmail,
  meetsPasswordRules,
  PASSWORD_MIN_LENGTH,
  ROLES,
  SESSION_PATTERN,
} from './account.js';
import { MAX_SEMESTER, MIN_SEMESTER } from './catalogue.js';

/*
 * Sign-up's body and its checks, apart from account.ts because only the sign-up page and the
 * server need them: account.ts is on every page (the session's schema), this is not.
 */

/** The sign-up body as the form sends it; loose on purpose so validation can speak in order. */
export const signUpRequestSchema = z.object({
  name: z._default(z.string().check(withoutBidiControls(), z.maxLength(100)), ''),
  email: z._default(z.string().check(z.maxLength(254)), ''),
  course: z._default(z.string().check(z.maxLength(20)), 'btech'),
  branch: z._default(z.string().check(z.maxLength(16)), ''),
  semester: z._default(z.union([z.string().check(z.maxLength(4)), z.number()]), ''),
  role: z._default(z.string().check(z.maxLength(16)), 'STUDENT'),
  session: z._default(z.string().check(z.maxLength(16)), ''),
  password: z._default(z.string().check(z.maxLength(128)), ''),
  confirmPassword: z._default(z.string().check(z.maxLength(128)), ''),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** A field of the sign-up form, where a failed check is shown. */
export type SignUpField = keyof z.infer<typeof signUpRequestSchema>;

/** A sign-up body once parsed (defaults filled in). */
export type SignUpInput = z.infer<typeof signUpRequestSchema>;

/**
 * SPEC.md §5, in its order: the sign-up checks, then the account-creation rules. Only the first
 * failing rule is reported, as the original form did. (The CR cap sits between semester and
 * password in SPEC.md; only the server can check it, so it does so after these pass.)
 */
function signUpRules(institutionName: string, emailDomain: string): Array<[SignUpField, (input: SignUpInput) => boolean, string]> {
  const semesterOk = (input: SignUpInput) => {
    const semester = Number(input.semester);
    return String(input.semester).trim() !== '' && Number.isInteger(semester) && semester >= MIN_SEMESTER && semester <= MAX_SEMESTER;
  };
  return [
    ['name', (input) => input.name.trim() !== '', ACCOUNT_MESSAGES.nameRequired],
    ['email', (input) => isInstitutionEmail(input.email.trim(), emailDomain), institutionEmailMessage(institutionName, true)],
    ['branch', (input) => input.branch.trim() !== '', ACCOUNT_MESSAGES.branchRequired],
    ['semester', semesterOk, ACCOUNT_MESSAGES.semesterInvalid],
    ['password', (input) => input.password.length >= PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShortSignUp],
    ['confirmPassword', (input) => input.password === input.confirmPassword, ACCOUNT_MESSAGES.passwordsDontMatch],
    ['session', (input) => input.session.trim() !== '', ACCOUNT_MESSAGES.sessionRequired],
    ['password', (input) => meetsPasswordRules(input.password), ACCOUNT_MESSAGES.passwordRules],
    ['session', (input) => SESSION_PATTERN.test(input.session.trim()), ACCOUNT_MESSAGES.sessionFormat],
    ['role', (input) => (ROLES as readonly string[]).includes(input.role), ACCOUNT_MESSAGES.roleInvalid],
    ['course', (input) => input.course === 'btech', ACCOUNT_MESSAGES.courseInvalid],
  ];
}

/**
 * The sign-up body with SPEC.md §5's checks in order, for one institution (the e-mail domain and
 * the name in its message). The form's resolver and the server's sign-up run this same schema;
 * a failure has one issue, at the field the form shows it under.
 */
export function signUpSchemaFor({ institutionName, emailDomain }: { institutionName: string; emailDomain: string }) {
  const rules = signUpRules(institutionName, emailDomain);
  return signUpRequestSchema.check(
    z.superRefine((input, ctx) => {
      const failed = rules.find(([, passes]) => !passes(input));
      if (failed) ctx.addIssue({ code: 'custom', path: [failed[0]], message: failed[2] });
    }),
  );
}
