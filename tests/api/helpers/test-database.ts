import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { projectRoot } from '../../../src/server/project-paths.js';

const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * What the migrated schema is made from: the db folder's code and better-auth's version (its
 * tables come from its own schema). A change to either names a new template.
 */
function schemaFingerprint(): string {
  const root = projectRoot();
  const hash = createHash('sha256');
  const dbDir = path.join(root, 'src/server/db');
  const files = readdirSync(dbDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files.sort()) hash.update(file).update(readFileSync(path.join(dbDir, file)));
  hash.update(readFileSync(path.join(root, 'node_modules/better-auth/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Any fixed number: serialises building the template across test workers and parallel runs. */
const TEMPLATE_LOCK_ID = 7_351_402_119;
let template: Promise<string> | undefined;

/**
 * A database migrated to the latest schema, built once (by whichever test worker gets here first,
 * under an advisory lock) and then only copied: `create database ... template` copies files,
 * where migrating each new database ran every migration again (about a second per app).
 */
function migratedTemplate(): Promise<string> {
  template ??= asAdmin(async (admin) => {
    const name = `studyshelf_template_${schemaFingerprint()}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      // Built under another name and renamed when complete: a run killed midway leaves no half template.
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const db = createDb({ dialect: 'postgres', url: databaseUrl(building) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.close();
      }
      await waitUntilUnused(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return template;
}

/** Lets a closed pool finish disconnecting (rename, copy and drop need a database nobody is in). */
async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Creates a new PostgreSQL database for one test file (or test); `drop` removes it again. Empty,
 * or with `migrated`, a copy of a freshly migrated database (the same rows and schema as
 * migrating it, without running every migration for each app).
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `studyshelf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const from = options.migrated ? ` template ${await migratedTemplate()}` : '';
  await asAdmin((admin) => admin.query(`create database ${name}${from}`));
  return {
    url: databaseUrl(name),
    async drop() {
      await asAdmin(async (admin) => {
        // Let the app's closed pool finish disconnecting first: forcing out a connection that is
        // still saying goodbye makes its client emit an error nobody listens to any more.
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
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

/** createEmptyTestDb for a whole describe block: made before its tests, removed after them. */
export function emptyTestDbPerSuite(): { readonly db: Db } {
  let made: Awaited<ReturnType<typeof createEmptyTestDb>> | undefined;
  beforeAll(async () => {
    made = await createEmptyTestDb();
  });
  afterAll(async () => {
    await made?.cleanup();
  });
  return {
    get db() {
      return made!.db;
    },
  };
}
