import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrateAuthSchema } from './auth-schema.js';
import * as m001 from './migrations/001-catalogue.js';
import * as m002 from './migrations/002-accounts.js';
import * as m003 from './migrations/003-resources.js';
import * as m004 from './migrations/004-admin.js';
import * as m005 from './migrations/005-requests.js';
import * as m006 from './migrations/006-reports.js';
import * as m007 from './migrations/007-account-limits.js';
import * as m008 from './migrations/008-download-counts.js';
import * as m009 from './migrations/009-mail-outbox.js';
import * as m010 from './migrations/010-processing.js';
import * as m011 from './migrations/011-search-page-owner.js';
import * as m012 from './migrations/012-shelf.js';
import * as m014 from './migrations/014-resource-title.js';
import * as m015 from './migrations/015-cjk-page-text.js';
import * as m016 from './migrations/016-drop-resource-word.js';
import * as m017 from './migrations/017-page-order-indexes.js';
import * as m018 from './migrations/018-search-index-version.js';
import * as m019 from './migrations/019-search-page-change.js';
import * as m020 from './migrations/020-processing-ocr-passes.js';
import * as m021 from './migrations/021-search-without-change-log.js';
import * as m022 from './migrations/022-page-words.js';
import * as m023 from './migrations/023-page-images.js';
import * as m024 from './migrations/024-exams.js';
import * as m025 from './migrations/025-semester-confirmed-term.js';
import * as m026 from './migrations/026-questions.js';
import * as m027 from './migrations/027-near-duplicates.js';
import * as m028 from './migrations/028-request-type-exam.js';
import * as m029 from './migrations/029-resource-corrections.js';
import * as m031 from './migrations/031-correction-decision-reason.js';
import type { MigrationContext } from './migration-helpers.js';

type MigrationModule = {
  up(db: Kysely<any>, ctx: MigrationContext): Promise<void>;
  down?(db: Kysely<any>, ctx: MigrationContext): Promise<void>;
};

/**
 * Migrations are imported statically (not read from a folder) so the bundled server carries
 * them. The same list runs on SQLite and PostgreSQL; each receives the dialect for the few
 * column types that differ.
 */
const MIGRATIONS: Record<string, MigrationModule> = {
  '001-catalogue': m001,
  '002-accounts': m002,
  '003-resources': m003,
  '004-admin': m004,
  '005-requests': m005,
  '006-reports': m006,
  '007-account-limits': m007,
  '008-download-counts': m008,
  '009-mail-outbox': m009,
  '010-processing': m010,
  '011-search-page-owner': m011,
  '012-shelf': m012,
  '014-resource-title': m014,
  '015-cjk-page-text': m015,
  '016-drop-resource-word': m016,
  '017-page-order-indexes': m017,
  '018-search-index-version': m018,
  '019-search-page-change': m019,
  '020-processing-ocr-passes': m020,
  '021-search-without-change-log': m021,
  '022-page-words': m022,
  '023-page-images': m023,
  '024-exams': m024,
  '025-semester-confirmed-term': m025,
  '026-questions': m026,
  '027-near-duplicates': m027,
  '028-request-type-exam': m028,
  '029-resource-corrections': m029,
  '031-correction-decision-reason': m031,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, mod]) => [
        name,
        {
          up: (db: Kysely<any>) => mod.up(db, this.ctx),
          down: mod.down ? (db: Kysely<any>) => mod.down!(db, this.ctx) : undefined,
        },
      ]),
    );
  }
}

/**
 * Brings the schema up to date: better-auth's tables first (ours reference its user table), then
 * our migrations. Safe to run on every start.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema to exactly `name` (one of MIGRATIONS), for tests of a migration's data step. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, step: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  return withMigrationLock(db, () => migrateNow(db, step));
}

/** Any fixed number, distinct from Kysely's own lock id (3853314791062309107). */
const MIGRATION_LOCK_ID = 7_351_402_118;

/**
 * Several instances starting at once on a fresh PostgreSQL database would all create better-auth's
 * tables (it checks which exist, then creates them, with no lock: the slower one fails on
 * "relation already exists") and race to create Kysely's migration table. Kysely's Migrator
 * locks only its own step. So the whole migrate step runs under one session-level advisory lock,
 * held on a connection of its own: the others wait, then find the schema current and do nothing.
 * If the holder dies, PostgreSQL releases the lock with its connection. SQLite: one process.
 */
async function withMigrationLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return run();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection).catch(() => undefined);
    }
  });
}

async function migrateNow(db: Db, step: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  await migrateAuthSchema(db);
  const migrator = new Migrator({
    db: db.kysely,
    provider: new StaticProvider({ dialect: db.dialect }),
  });
  const { error, results } = await step(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
