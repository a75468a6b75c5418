import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled } from './precompiled.js';

interface Db {
  item: { id: string; kind: string; n: number };
}

describe('precompiled', () => {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  beforeAll(async () => {
    await sql`create table item (id text primary key, kind text not null, n integer not null)`.execute(db);
    await db.insertInto('item').values([{ id: 'a', kind: 'x', n: 1 }, { id: 'b', kind: 'y', n: 2 }, { id: 'c', kind: 'x', n: 3 }]).execute();
  });
  afterAll(() => db.destroy());

  it('builds once and answers each call with its own values, constants kept', async () => {
    let builds = 0;
    const byIds = precompiled((first, second) => {
      builds++;
      return db.selectFrom('item').select(['id', 'n']).where('kind', '=', 'x').where('id', 'in', [first!, second!]).orderBy('id');
    }, 2);
    expect((await db.executeQuery(byIds('a', 'b'))).rows).toEqual([{ id: 'a', n: 1 }]);
    expect((await db.executeQuery(byIds('c', 'a'))).rows).toEqual([{ id: 'a', n: 1 }, { id: 'c', n: 3 }]);
    expect(builds).toBe(1);
    expect(() => byIds('a')).toThrow(/takes 2 values/);
  });

  it('refuses a build that does not pass its value as a parameter', () => {
    const inlined = precompiled((id) => db.selectFrom('item').select('id').where(sql.ref('id'), '=', sql.lit(id!)), 1);
    expect(() => inlined('a')).toThrow(/not passed as a parameter/);
  });
});
