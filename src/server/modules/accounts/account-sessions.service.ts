import type { SessionUser } from '../../../shared/account.js';
import { SESSION_MESSAGES, type DeviceSession } from '../../../shared/sessions.js';
import type { Auth } from '../../auth/auth.js';
import { notFound, unauthorized } from '../../http/http-error.js';
import { systemClock, type Clock } from '../../system/clock.js';
import type { AccountRepository } from './account.repository.js';
import { placeLabel } from '../../auth/client-place.js';
import { deviceName } from './device-name.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A user's signed-in devices (account settings): the list, and ending one or every other.
 * Ending a session deletes its row, so its next request answers 401 (no cookie cache, auth.ts).
 */
export class AccountSessionsService {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(user: SessionUser, headers: Headers): Promise<DeviceSession[]> {
    const current = await this.currentSessionId(headers);
    const now = this.clock().getTime();
    const rows = await this.accounts.sessionsOf(user.id);
    return rows
      .filter((row) => new Date(row.expiresAt).getTime() > now)
      .map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        place: placeLabel(row.place),
        signedInAt: iso(row.createdAt),
        lastSeenAt: iso(row.updatedAt),
        current: row.id === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Ends one of the user's sessions (another user's id is as unknown as a made-up one). */
  async end(user: SessionUser, sessionId: string): Promise<void> {
    if (!(await this.accounts.endSessions(user.id, { only: sessionId }))) throw notFound(SESSION_MESSAGES.notFound);
  }

  /** Ends every session of the user but the one making the request; returns how many ended. */
  async endOthers(user: SessionUser, headers: Headers): Promise<number> {
    const current = await this.currentSessionId(headers);
    if (!current) throw unauthorized('Please log in to continue.');
    return this.accounts.endSessions(user.id, { keep: current });
  }

  private async currentSessionId(headers: Headers): Promise<string | undefined> {
    return (await this.auth.api.getSession({ headers }))?.session.id;
  }
}
