/** Kept in @shared/account: every new-password field (sign-up, reset, account settings) says it. */
export { PASSWORD_HINT } from '@shared/account';
