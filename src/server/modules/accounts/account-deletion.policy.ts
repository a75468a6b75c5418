/**
 * How the owner of an account proves they are at the keyboard before deleting it. A password
 * when the account has one and password sign-in is on; otherwise (an account made by a provider,
 * or PASSWORD_LOGIN=false) a provider sign-in this recent stands in for it.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export function confirmsWithPassword(hasPassword: boolean, passwordLogin: boolean): boolean {
  return hasPassword && passwordLogin;
}

export function signedInRecently(session: { signInProvider?: string | null; createdAt: Date }, now: Date): boolean {
  return Boolean(session.signInProvider) && now.getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;
}
