import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ThrottleRule {
  /** Failures allowed inside the window before further attempts are refused. */
  max: number;
  windowMs: number;
}

/**
 * Failed logins counted in the database, so every instance behind a load balancer sees the
 * same count. A key is `account:<email>` or `ip:<address>`.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: { account: ThrottleRule; ip: ThrottleRule },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfterSeconds(email: string, ip: string): Promise<number> {
    const waits = await Promise.all([
      this.waitFor(`account:${email}`, this.rules.account),
      this.waitFor(`ip:${ip}`, this.rules.ip),
    ]);
    return Math.max(...waits);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('login_failure')
      .values([
        { key: `account:${email}`, at_ms: at },
        { key: `ip:${ip}`, at_ms: at },
      ])
      .execute();
    const oldest = at - Math.max(this.rules.account.windowMs, this.rules.ip.windowMs);
    await this.db.deleteFrom('login_failure').where('at_ms', '<', oldest).execute();
  }

  /** A successful login forgets the account's failures (not the address's). */
  async clearAccount(email: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('key', '=', `account:${email}`).execute();
  }

  private async waitFor(key: string, rule: ThrottleRule): Promise<number> {
    const since = this.now() - rule.windowMs;
    const rows = await this.db
      .selectFrom('login_failure')
      .select('at_ms')
      .where('key', '=', key)
      .where('at_ms', '>=', since)
      .orderBy('at_ms', 'desc')
      .limit(rule.max)
      .execute();
    if (rows.length < rule.max) return 0;
    // Blocked until the oldest of the last `max` failures leaves the window.
    const oldestCounted = Number(rows[rows.length - 1]!.at_ms);
    return Math.max(1, Math.ceil((oldestCounted + rule.windowMs - this.now()) / 1000));
  }
}
