import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Queries over `rate_limit_bucket`: one fixed window of hits per key (migration 007). */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one hit for `key` unless its window already holds `max`, in ONE statement: an upsert
   * whose update only happens while the window has room (or has expired and starts again).
   * The database serialises concurrent upserts of one key (a row lock on PostgreSQL, the single
   * writer on SQLite), so no number of parallel requests or instances can pass `max`.
   * Returns the window's start when the hit was counted, undefined when it was refused.
   */
  async take(key: string, nowMs: number, windowMs: number, max: number): Promise<number | undefined> {
    const expired = sql<boolean>`rate_limit_bucket.window_start_ms <= cast(${nowMs - windowMs} as bigint)`;
    const row = await this.db
      .insertInto('rate_limit_bucket')
      .values({ key, window_start_ms: nowMs, hits: 1 })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else rate_limit_bucket.hits + 1 end`,
            window_start_ms: sql<number>`case when ${expired} then cast(${nowMs} as bigint) else rate_limit_bucket.window_start_ms end`,
          })
          .where(sql<boolean>`${expired} or rate_limit_bucket.hits < ${max}`),
      )
      .returning('window_start_ms')
      .executeTakeFirst();
    return row ? Number(row.window_start_ms) : undefined;
  }

  async windowStart(key: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('rate_limit_bucket').select('window_start_ms').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.window_start_ms) : undefined;
  }

  /** Gives back one hit of the window that started at `windowStartMs` (a later window is left alone). */
  async release(key: string, windowStartMs: number): Promise<void> {
    await this.db
      .updateTable('rate_limit_bucket')
      .set({ hits: sql<number>`hits - 1` })
      .where('key', '=', key)
      .where('window_start_ms', '=', windowStartMs)
      .where('hits', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_bucket').where('key', '=', key).execute();
  }

  /** Housekeeping: windows that started before `beforeMs` count for nothing any more. */
  async deleteStarted(beforeMs: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_bucket').where('window_start_ms', '<', beforeMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
