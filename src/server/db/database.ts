import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the configured database. Only db/ knows which SQL dialect is in use. */
export function createDb(config: DatabaseConfig): Db {
  if (config.dialect === 'sqlite') {
    const sqlite = openPrivately(config.file);
    // WAL lets readers run while a writer commits; busy_timeout waits instead of failing at once.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return wrap(kysely, 'sqlite');
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // An idle connection dropped by the server (restart, failover, admin) is discarded by the pool
  // and the next query opens a new one; without a listener the error would end the process.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return wrap(kysely, 'postgres');
}

/**
 * The database holds password hashes and reset tokens: its folder is the owner's alone (0700) and
 * the file 0600, created so before SQLite first opens it (an empty file is a valid new database)
 * and tightened on every start for installs made before. SQLite gives -wal and -shm the main
 * file's mode; they are tightened too in case they were made earlier.
 */
function openPrivately(file: string): SQLite.Database {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) chmodSync(companion, 0o600);
  }
  return sqlite;
}

/**
 * Kysely prepares every query it runs; compiling the same SQL again costs more than running it
 * for the small indexed queries of a page view. Statements are kept per SQL text (least recently
 * used dropped first). Safe because better-sqlite3 runs each statement to completion
 * synchronously, so one statement object is never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function wrap(kysely: Kysely<Database>, dialect: Dialect): Db {
  return {
    kysely,
    dialect,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}
