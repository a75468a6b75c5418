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

interface Settings {
  secret: string | undefined;
  sessionName: string;
  dontRememberName: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/** Signed cookie values whose signature was checked, remembered at most (one per browser seen lately). */
const MAX_VERIFIED = 10_000;
/**
 * Longest Cookie header remembered whole: a browser's is far shorter, and one client padding a
 * valid session cookie with other cookies could otherwise hold 10,000 headers of 16 KB each.
 */
export const MAX_REMEMBERED_COOKIE_HEADER = 1024;

export class SessionTokenReader {
  /**
   * Signed value -> its token, for signatures found valid: the same cookie comes with every
   * request of a browser, and the HMAC of an unchanged value under an unchanged secret cannot
   * change. Only valid ones are kept (making one takes the secret), so junk cannot fill it.
   */
  private readonly verifiedValues = new Map<string, string>();
  /**
   * Cookie header -> what it says, for headers with a valid session token: a browser sends the
   * same header with every request, and parsing it cost ~3% of a remembered browse answer's CPU.
   * Only headers with a valid token are kept (a valid signature takes the secret).
   */
  private readonly readHeaders = new Map<string, SessionCookies>();
  private settings?: Promise<Settings>;
  /** `settings` once loaded, for readNow. */
  private loaded?: Settings;

  constructor(private readonly auth: Auth) {}

  async read(cookieHeader: string | null): Promise<SessionCookies> {
    if (!cookieHeader) return { kind: 'none' };
    return this.readWith(await (this.settings ??= this.load()), cookieHeader);
  }

  /** read() without waiting; undefined until better-auth's settings were loaded once (then ask read()). */
  readNow(cookieHeader: string | null): SessionCookies | undefined {
    if (!cookieHeader) return { kind: 'none' };
    return this.loaded && this.readWith(this.loaded, cookieHeader);
  }

  private readWith(settings: Settings, cookieHeader: string): SessionCookies {
    const known = this.readHeaders.get(cookieHeader);
    if (known) return known;
    const cookies = parseCookies(cookieHeader);
    const signed = cookies.get(settings.sessionName);
    if (!signed) return { kind: 'none' };
    if (!settings.secret) return { kind: 'undecided' };
    const token = this.verified(signed, settings.secret);
    if (token === null) return { kind: 'none' };
    const dontRemember = cookies.get(settings.dontRememberName);
    const rememberMe = !(dontRemember && this.verified(dontRemember, settings.secret) !== null);
    const read: SessionCookies = { kind: 'token', token, rememberMe, expiresInMs: settings.expiresInMs, updateAgeMs: settings.updateAgeMs };
    if (cookieHeader.length <= MAX_REMEMBERED_COOKIE_HEADER) {
      if (this.readHeaders.size >= MAX_VERIFIED) this.readHeaders.delete(this.readHeaders.keys().next().value!);
      this.readHeaders.set(cookieHeader, read);
    }
    return read;
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

  private async load(): Promise<Settings> {
    const context = await this.auth.$context;
    return (this.loaded = {
      // Rotating secrets (a SecretConfig) are left to better-auth.
      secret: typeof context.secretConfig === 'string' ? context.secret : undefined,
      sessionName: context.authCookies.sessionToken.name,
      dontRememberName: context.authCookies.dontRememberToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    });
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
