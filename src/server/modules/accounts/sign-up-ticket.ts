import { createHash, randomBytes } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { Auth } from '../../auth/auth.js';

/** The browser that signed up carries this cookie; only its hash is stored (decision 032). */
export const SIGN_UP_TICKET_COOKIE = 'studyshelf.sign_up_ticket';
/** Only the verification endpoint needs to see it. */
const COOKIE_PATH = '/api/auth/verify-email';
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const identifier = (userId: string) => `sign-up-ticket:${userId}`;
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The ticket a Cookie header carries, when it is well-formed. */
export function ticketInCookies(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const ticket = parseCookies(cookieHeader).get(SIGN_UP_TICKET_COOKIE);
  return ticket && TICKET_PATTERN.test(ticket) ? ticket : undefined;
}

/**
 * Ties a sign-up to the browser that made it. Its password was chosen there; a verification link
 * opened anywhere else proves who owns the address, not who chose the password, so the password
 * must not survive it (AccountVerificationService). Rows live in better-auth's `verification`
 * table, as its reset tokens do, and go with the user (AccountRepository.deleteUserRows).
 */
export class SignUpTickets {
  constructor(
    private readonly auth: Auth,
    private readonly lifetimeMs: number,
    private readonly secureCookie: boolean,
  ) {}

  /**
   * Records the browser's ticket for this user (a browser that signed up before keeps its
   * ticket, so every account it made matches) and returns the Set-Cookie header to send.
   */
  async issue(userId: string, cookieHeader: string | null | undefined): Promise<string> {
    const ticket = ticketInCookies(cookieHeader) ?? randomBytes(32).toString('base64url');
    const context = await this.auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: identifier(userId),
      value: hashOf(ticket),
      expiresAt: new Date(Date.now() + this.lifetimeMs),
    });
    const maxAge = Math.floor(this.lifetimeMs / 1000);
    return `${SIGN_UP_TICKET_COOKIE}=${ticket}; Max-Age=${maxAge}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${this.secureCookie ? '; Secure' : ''}`;
  }

  /** True when `ticket` is the one recorded for this user's sign-up and has not expired. */
  async matches(userId: string, ticket: string | undefined): Promise<boolean> {
    if (!ticket) return false;
    const row = await (await this.auth.$context).internalAdapter.findVerificationValue(identifier(userId));
    return !!row && row.value === hashOf(ticket) && new Date(row.expiresAt).getTime() > Date.now();
  }

  async forget(userId: string): Promise<void> {
    await (await this.auth.$context).internalAdapter.deleteVerificationByIdentifier(identifier(userId));
  }
}

/** The rows SignUpTickets keeps for a user, for deleting a user's rows in one statement. */
export const signUpTicketIdentifier = identifier;
