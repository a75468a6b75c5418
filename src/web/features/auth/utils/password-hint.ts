/** Said up front under new-password fields, so the rules are known before the first error. */
export const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
