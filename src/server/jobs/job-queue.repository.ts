import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import { lockSkippingLocked } from '../db/row-locks.js';

/** The columns every queue table has; the others are each queue's own. */
interface QueueRow {
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  [column: string]: unknown;
}

/** Which table a queue lives in and what it calls things there. */
export interface QueueShape {
  table: 'processing_job' | 'mail_outbox';
  /** The primary key. */
  key: string;
  /** The status of a claimed row ('pending', 'failed' are the same for every queue). */
  claimed: string;
  /**
   * The column naming a claim's holder. Without one, the claim's lease end names it: a row is
   * claimed again only after its lease ended, so no two of its claims end at the same moment.
   */
  holder?: string;
  /** A column stamped with every change, if the table has one. */
  touched?: string;
  /** The order due rows are claimed in. */
  order: string[];
}

/** A claimed row: only the claim's holder (token) may finish it. */
export interface Claim<K> {
  key: K;
  /** Which attempt this is, counting this one (1 = first). */
  attempt: number;
  token: string;
}

export type Values = Record<string, unknown>;

/**
 * The queries of a database-backed job queue: due rows, claims with a lease (a holder killed
 * mid-job leaves its rows to whoever claims after the lease), retries, releases. Two processes
 * claiming at once take different rows: PostgreSQL skips rows another claim has locked, and
 * SQLite's single UPDATE ... WHERE key IN (due rows) runs under its one writer lock.
 */
export class JobQueueRepository<K extends string | number> {
  private readonly kysely: Kysely<Record<string, QueueRow>>;

  constructor(
    private readonly db: Db,
    private readonly shape: QueueShape,
  ) {
    // Typed as a generic queue table: the queue's own repository types its own columns.
    this.kysely = db.kysely as unknown as Kysely<Record<string, QueueRow>>;
  }

  /** Keys due now: pending ones whose time has come, and claimed ones whose lease lapsed. */
  private due(now: Date) {
    const at = now.toISOString();
    return this.kysely
      .selectFrom(this.shape.table)
      .select(this.shape.key)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', this.shape.claimed), eb('locked_until', '<=', at)]),
        ]),
      );
  }

  /** A plain read, so an idle poll never takes a write lock. */
  async hasDue(now: Date): Promise<boolean> {
    return (await this.due(now).limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * Claims up to `limit` due rows for `leaseMs`, the first in the queue's order, setting `values`
   * too; returns them with `columns`, by key. `token` names the holder where there is a holder column.
   */
  async claim(now: Date, leaseMs: number, limit: number, claim: { token?: string; values?: Values; columns?: string[] } = {}) {
    const { key, holder, touched, order } = this.shape;
    const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
    const due = order.reduce((query, column) => query.orderBy(column), this.due(now)).limit(limit);
    const rows = await this.kysely
      .updateTable(this.shape.table)
      .set((eb) => ({
        ...claim.values,
        status: this.shape.claimed,
        locked_until: leaseEnd,
        attempts: eb('attempts', '+', 1),
        ...(holder ? { [holder]: claim.token } : {}),
        ...(touched ? { [touched]: now.toISOString() } : {}),
      }))
      .where(key, 'in', lockSkippingLocked(due, this.db.dialect))
      .returning([key, 'attempts', ...(claim.columns ?? [])])
      .execute();
    const claims = rows.map((row) => ({ row, key: row[key] as K, attempt: Number(row.attempts), token: holder ? claim.token! : leaseEnd }));
    return claims.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Matches the claimed row only while `claim` still holds it. */
  private heldBy(claim: Claim<K>) {
    return { [this.shape.key]: claim.key, status: this.shape.claimed, [this.shape.holder ?? 'locked_until']: claim.token };
  }

  /** Sets `values` on the claimed row; false when the claim is no longer this holder's. */
  async update(claim: Claim<K>, values: Values, now: Date): Promise<boolean> {
    const touched = this.shape.touched ? { [this.shape.touched]: now.toISOString() } : {};
    const result = await this.kysely
      .updateTable(this.shape.table)
      .set({ ...values, ...touched })
      .where((eb) => eb.and(this.heldBy(claim)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends the claim with `status` (and `values`); false when it was no longer this holder's. */
  end(claim: Claim<K>, status: string, values: Values, now: Date): Promise<boolean> {
    return this.update(claim, { ...values, status, locked_until: null, ...(this.shape.holder ? { [this.shape.holder]: null } : {}) }, now);
  }

  /** Failed: tried again after `retryInMs`, or given up ('failed') when that is undefined. */
  failOrRetry(claim: Claim<K>, reason: string, retryInMs: number | undefined, now: Date, failedValues: Values = {}): Promise<boolean> {
    if (retryInMs === undefined) return this.end(claim, 'failed', { ...failedValues, last_error: reason }, now);
    return this.end(claim, 'pending', { next_attempt_at: new Date(now.getTime() + retryInMs).toISOString(), last_error: reason }, now);
  }

  /**
   * Back in line now. `counted: false` (never worked on: shutdown, or a claim whose answer was
   * lost) takes its attempt back; `values` records why, for one that counts.
   */
  release(claim: Claim<K>, now: Date, { counted, values = {} }: { counted: boolean; values?: Values }): Promise<boolean> {
    const attempts = counted ? {} : { attempts: claim.attempt - 1 };
    return this.end(claim, 'pending', { ...values, ...attempts, next_attempt_at: now.toISOString() }, now);
  }

  /** Whether this claim still holds (another process may have taken over a lapsed lease). */
  async stillHeld(claim: Claim<K>): Promise<boolean> {
    const row = await this.kysely.selectFrom(this.shape.table).select(this.shape.key).where((eb) => eb.and(this.heldBy(claim))).executeTakeFirst();
    return row !== undefined;
  }

  /** The claims held now (few: at most the slots of every process), with their holders. */
  async claims(): Promise<Array<Claim<K>>> {
    const holder = this.shape.holder ?? 'locked_until';
    const rows = await this.kysely
      .selectFrom(this.shape.table)
      .select([this.shape.key, holder, 'attempts'])
      .where('status', '=', this.shape.claimed)
      .where(holder, 'is not', null)
      .execute();
    return rows.map((row) => ({ key: row[this.shape.key] as K, token: String(row[holder]), attempt: Number(row.attempts) }));
  }
}
