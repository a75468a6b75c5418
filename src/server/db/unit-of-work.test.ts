import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { assertInUnitOfWork, unitOfWork, unitOfWorkOn, type Executor } from './unit-of-work.js';

describe('unitOfWork', () => {
  let db: Executor;
  const rows = async () => (await sql<{ n: number }>`select n from t order by n`.execute(db)).rows.map((r) => r.n);
  const insert = (executor: Executor, n: number) => sql`insert into t (n) values (${n})`.execute(executor);

  beforeEach(async () => {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table t (n integer primary key)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
  });

  it('commits every statement when the work resolves, and returns its result', async () => {
    const result = await unitOfWork(db, async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls the first statement back when the second fails, and passes the error on', async () => {
    await insert(db, 2);
    const failing = unitOfWorkOn(db)(async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2); // primary key taken
    });
    await expect(failing).rejects.toThrow(/UNIQUE/);
    expect(await rows()).toEqual([2]);
  });

  it('tells a lock or a multi-statement write run outside a unit of work', async () => {
    expect(() => assertInUnitOfWork(db, 'lockReporter')).toThrow('lockReporter must run in a unit of work');
    await unitOfWork(db, async (tx) => expect(() => assertInUnitOfWork(tx, 'lockReporter')).not.toThrow());
  });
});
