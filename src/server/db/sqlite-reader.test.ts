import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';

/** The reader thread is bundled by the test run's global set-up (tests/support/build-workers.ts), as by the build. */
describe('SQLite reads off the event loop (Db.readHeavy)', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'studyshelf-reader-'));
    db = createDb({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
    await sql`create table item (id integer primary key, name text not null)`.execute(db.kysely);
    await sql`insert into item (name) values ('alpha'), ('beta')`.execute(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the rows of a read written just before on the main connection', async () => {
    await sql`insert into item (name) values ('gamma')`.execute(db.kysely);
    const query = sql<{ name: string }>`select name from item where id > ${1} order by id`.compile(db.kysely);
    expect(await db.readHeavy(query)).toEqual([{ name: 'beta' }, { name: 'gamma' }]);
  });

  it('keeps the event loop turning while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      // A few hundred milliseconds of pure SQLite work.
      const query = sql<{ n: number }>`
        with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`.compile(db.kysely);
      const [row] = await db.readHeavy(query);
      expect(row?.n).toBe(3_000_000);
    } finally {
      clearInterval(timer);
    }
    // On the main thread the timer could not have fired until the query ended.
    expect(ticks).toBeGreaterThan(3);
  });

  it('answers many queries at once, each with its own rows (spread over the reader threads)', async () => {
    const queries = [1, 2, 3, 1, 2, 3].map((min) => sql<{ name: string }>`select name from item where id >= ${min} order by id`.compile(db.kysely));
    const answers = await Promise.all(queries.map((q) => db.readHeavy(q)));
    const all = [{ name: 'alpha' }, { name: 'beta' }, { name: 'gamma' }];
    expect(answers).toEqual([all, all.slice(1), all.slice(2), all, all.slice(1), all.slice(2)]);
  });

  it('reports a failing query as an error, and keeps working after it', async () => {
    await expect(db.readHeavy(sql`select * from no_such_table`.compile(db.kysely))).rejects.toThrow(/no such table/);
    await expect(db.readHeavy(sql`delete from item`.compile(db.kysely))).rejects.toThrow(/return rows only/);
    expect(await db.readHeavy(sql<{ n: number }>`select count(*) as n from item`.compile(db.kysely))).toEqual([{ n: 3 }]);
  });
});
