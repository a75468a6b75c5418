import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a repository runs its queries on: the database itself, or a transaction of it (a
 * Transaction is a Kysely too). Repositories take one in their constructor and never open a
 * transaction of their own (decision 024; eslint.config.js enforces it).
 */
export type Executor = Kysely<Database>;

/** The executor of an open unit of work: repositories built on it write together or not at all. */
export type UnitOfWorkTx = Transaction<Database>;

/**
 * Runs `work` in one transaction: everything it writes through repositories built on `tx`
 * commits together when it resolves, and rolls back when it throws (the error goes on).
 */
export type UnitOfWork = <T>(work: (tx: UnitOfWorkTx) => Promise<T>) => Promise<T>;

/**
 * Runs `work` as one unit of work on `db`. Inside it, query only through `tx`: on SQLite the
 * transaction holds the one connection until it ends, so a query on `db` would wait for it
 * forever, and on PostgreSQL it would run outside the transaction. Keep files, mail and other
 * slow work outside too: on SQLite every other query of the process waits meanwhile.
 */
export function unitOfWork<T>(db: Executor, work: (tx: UnitOfWorkTx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** The unit of work a service is given: the only handle on the database it holds besides its repositories. */
export function unitOfWorkOn(db: Executor): UnitOfWork {
  return (work) => unitOfWork(db, work);
}

/**
 * For a repository method that only means something inside a unit of work (a row lock held until
 * it ends, or several statements that must land together): fails loudly when called outside one.
 */
export function assertInUnitOfWork(db: Executor, what: string): void {
  if (!db.isTransaction) throw new Error(`${what} must run in a unit of work (db/unit-of-work.ts)`);
}
