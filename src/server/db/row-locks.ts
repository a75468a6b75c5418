import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * For a worker claiming rows that other workers (other instances) may be claiming at the same
 * moment. PostgreSQL: lock the selected rows and skip those another transaction holds, so each
 * worker takes different rows without waiting. SQLite runs one writer at a time, so a single
 * `UPDATE ... WHERE id IN (SELECT ...)` is already atomic there and needs no lock clause.
 */
export function lockSkippingLocked<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * For a transaction that must see rows stay (not deleted, key unchanged) until it ends, taking
 * that lock before any other: PostgreSQL `FOR KEY SHARE`. Whoever deletes the row then waits for
 * this transaction, instead of each waiting for a lock the other holds. SQLite runs one writer at
 * a time and needs none.
 */
export function keepingRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: Dialect): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forKeyShare() : query;
}
