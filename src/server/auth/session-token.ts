import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies, SECURE_COOKIE_PREFIX, stripSecureCookiePrefix } from 'better-auth/cookies';
import type { Auth } from './auth.js';

/**
 * What a request's cookies say about its session, read without a trip through better-auth's
 * endpoint pipeline (which costs most of a browse request's time). Signatures are checked
 * exactly as better-auth makes them (HMAC-SHA256 of the token with the auth secret, base64);
 * anything this cannot decide confidently returns `undecided`, and the caller asks better-auth.
 */
export type SessionCookies =
  | { kind: 'none' }
  | { kind: 'undecided' }
  | { kind: 'token'; token: string; rememberMe: boolean; expiresInMs: number; updateAgeMs: number };

/** Signed cookie values whose signature was checked, remembered at most (one per browser seen lately). */
const MAX_VERIFIED = 10_000;

export class SessionTokenReader {
  /**
   * Signed value -> its token, for signatures found valid: the same cookie comes with every
   * request of a browser, and the HMAC of an unchanged value under an unchanged secret cannot
   * change. Only valid ones are kept (making one takes the secret), so junk cannot fill it.
   */
  private readonly verifiedValues = new Map<string, string>();
  private settings?: Promise<{ secret: string | undefined; sessionName: string; dontRememberName: string; expiresInMs: number; updateAgeMs: number }>;

  constructor(private readonly auth: Auth) {}

  async read(cookieHeader: string | null): Promise<SessionCookies> {
    if (!cookieHeader) return { kind: 'none' };
    const settings = await (this.settings ??= this.load());
    const cookies = parseCookies(cookieHeader);
    const signed = cookies.get(settings.sessionName);
    if (!signed) return { kind: 'none' };
    if (!settings.secret) return { kind: 'undecided' };
    const token = this.verified(signed, settings.secret);
    if (token === null) return { kind: 'none' };
    const dontRemember = cookies.get(settings.dontRememberName);
    const rememberMe = !(dontRemember && this.verified(dontRemember, settings.secret) !== null);
    return { kind: 'token', token, rememberMe, expiresInMs: settings.expiresInMs, updateAgeMs: settings.updateAgeMs };
  }

  /**
   * Whether a request carries a session cookie at all (not whether it is valid): enough for the
   * HTML to guess at what the page will show, never for a decision about access. The name counts
   * with or without `__Secure-`, as in better-auth's own getSessionCookie.
   */
  async hasSessionCookie(cookieHeader: string | undefined): Promise<boolean> {
    if (!cookieHeader) return false;
    const name = stripSecureCookiePrefix((await (this.settings ??= this.load())).sessionName);
    const cookies = parseCookies(cookieHeader);
    return cookies.has(name) || cookies.has(SECURE_COOKIE_PREFIX + name);
  }

  private verified(signed: string, secret: string): string | null {
    const known = this.verifiedValues.get(signed);
    if (known !== undefined) return known;
    const value = verified(signed, secret);
    if (value === null) return null;
    if (this.verifiedValues.size >= MAX_VERIFIED) this.verifiedValues.delete(this.verifiedValues.keys().next().value!);
    this.verifiedValues.set(signed, value);
    return value;
  }

  private async load() {
    const context = await this.auth.$context;
    return {
      // Rotating secrets (a SecretConfig) are left to better-auth.
      secret: typeof context.secretConfig === 'string' ? context.secret : undefined,
      sessionName: context.authCookies.sessionToken.name,
      dontRememberName: context.authCookies.dontRememberToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    };
  }
}

/** `value.signature` -> value when the signature is ours, else null (better-call's format). */
function verified(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
