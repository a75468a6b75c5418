import type { SessionUser } from '../../../shared/account.js';
import { WriteVersionMemo } from '../../db/write-version-memo.js';
import type { AccountRepository, UserProfileRow } from './account.repository.js';

export type SessionProfile = UserProfileRow & { sessionExpiresAt: Date };

/** The signed-in user of a request (null: nobody), and cookies better-auth sent back for its reply. */
export interface CurrentSession {
  user: SessionUser | null;
  setCookies: string[];
}

/** Sessions remembered at most: one entry per signed-in browser seen lately. */
const MAX_SESSIONS = 10_000;

/**
 * The profile behind a session token, asked on every API request. It is remembered while the
 * database is unchanged (WriteVersionMemo; on PostgreSQL a commit by any instance moves the
 * version): logout, a password change, a role change and a deletion are all writes, so the next
 * request reads again and counts them at once. The session's expiry is compared with the clock by
 * the caller on every request, remembered or not.
 */
export class SessionLookup {
  private readonly memo = new WriteVersionMemo<SessionProfile | null>({ maxEntries: MAX_SESSIONS });

  constructor(private readonly accounts: AccountRepository) {}

  /** `version`: Db.writeVersion(), taken before anything was read for this request. */
  async find(token: string, version: string | undefined): Promise<SessionProfile | undefined> {
    const found = await this.memo.remember(token, version, async () => (await this.accounts.findBySessionToken(token)) ?? null);
    return found ?? undefined;
  }

  /** Forgets every remembered session (a database restored or failed over may reuse its write versions). */
  forget(): void {
    this.memo.clear();
  }

  /** find() from the memo alone: null for a token remembered as no session, undefined when it must be read (find). */
  findRemembered(token: string, version: string | undefined): SessionProfile | null | undefined {
    return this.memo.get(token, version);
  }
}
