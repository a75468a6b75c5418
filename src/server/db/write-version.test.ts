import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';

/** Db.writeVersion on SQLite: what lets browse answer a page's rows again (resource-list.ts). */
describe('SQLite write version (Db.writeVersion)', () => {
  let dir: string;
  let file: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'studyshelf-version-'));
    file = path.join(dir, 'test.db');
    db = createDb({ dialect: 'sqlite', file });
    await sql`create table item (id integer primary key, n integer not null)`.execute(db.kysely);
    await sql`insert into item (n) values (1)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stays the same over reads and moves with every write, on this connection or another', async () => {
    const first = await db.writeVersion();
    expect(first).toEqual(expect.any(String));
    await sql`select n from item`.execute(db.kysely);
    expect(await db.writeVersion()).toBe(first);

    await sql`update item set n = n + 1`.execute(db.kysely);
    const afterOwnWrite = await db.writeVersion();
    expect(afterOwnWrite).not.toBe(first);

    // Another process (the CLI, a restore) writes through a connection of its own.
    const other = new SQLite(file);
    try {
      other.prepare('update item set n = n + 1').run();
    } finally {
      other.close();
    }
    expect(await db.writeVersion()).not.toBe(afterOwnWrite);
  });

  it('waits for a transaction under way to end, so no uncommitted row is read under an old version', async () => {
    const before = await db.writeVersion();
    let version: string | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      await sql`update item set n = n + 1`.execute(trx);
      void db.writeVersion().then((v) => (version = v));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(version).toBeUndefined();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(version).toEqual(expect.any(String));
    expect(version).not.toBe(before);
  });
});
