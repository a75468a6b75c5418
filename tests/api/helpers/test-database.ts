import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../../src/server/db/database.js';

/** Creates a new, empty PostgreSQL database for one test file; `drop` removes it again. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `studyshelf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Let the app's closed pool finish disconnecting first: forcing out a connection that is
        // still saying goodbye makes its client emit an error nobody listens to any more.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A new, empty database of the run's dialect (TEST_DB), not migrated: for tests that migrate
 * step by step (a migration on data written before it). `cleanup` closes and removes it.
 */
export async function createEmptyTestDb(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const postgres = await createPostgresDatabase();
    const db = createDb({ dialect: 'postgres', url: postgres.url });
    return { db, cleanup: async () => (await db.close(), await postgres.drop()) };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'studyshelf-migration-'));
  const db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  return { db, cleanup: async () => (await db.close(), await rm(dir, { recursive: true, force: true })) };
}
