import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { sqliteReaderWorkerFile } from '../project-paths.js';
import type { Database } from './schema.js';
import { NETWORK_ERROR_CODES } from '../system/network-errors.js';
import { SqliteReader } from './sqlite-reader.js';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs a long read-only query (full-text search) without blocking the event loop: on SQLite,
   * whose driver is synchronous, on a read-only connection in a worker thread (sqlite-reader.ts);
   * on PostgreSQL as any other query.
   */
  readHeavy<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /**
   * A token that changes whenever anything was committed to the database, by this process or any
   * other (SQLite: its change counters; PostgreSQL: the snapshot). A memo of rows read after the
   * token was taken may be answered again while it is unchanged. Not for reads inside a
   * transaction that has written: SQLite waits for it to end, PostgreSQL answers the version from
   * before it (its rows are not visible to others until it commits).
   */
  writeVersion(): Promise<string | undefined>;
  /** Free bytes on the disk holding the database file; undefined when it is not ours (PostgreSQL). */
  freeBytes(): Promise<number | undefined>;
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
    // Without the bundled worker (code run from source before a build) reads stay on this thread.
    const workerFile = sqliteReaderWorkerFile();
    const reader = existsSync(workerFile) && config.file !== ':memory:' ? new SqliteReader(config.file, workerFile) : undefined;
    return wrap(kysely, 'sqlite', { folder: path.dirname(config.file), reader, versionNow: sqliteVersionReader(sqlite) });
  }
  const pool = postgresPool(config.url, 10);
  // The write version has connections of its own: a request answered from memos (the version
  // unchanged) then never waits behind searches holding every connection of the main pool.
  const versionPool = postgresPool(config.url, 2);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return wrap(kysely, 'postgres', {
    remoteVersion: {
      read: async () => (await versionPool.query<{ v: string }>(POSTGRES_WRITE_VERSION)).rows[0]?.v,
      close: () => versionPool.end(),
    },
  });
}

function postgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A server that does not answer (network gone) fails the request instead of holding it.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A connection dropped by the server (restart, failover, admin) emits 'error' on its client.
  // The pool listens only while a client is idle; a client checked out for a query or a
  // transaction has no listener, and an unheard 'error' ends the process. So every client gets
  // one for life: the query in flight fails on its own (answered 503, see isDatabaseUnavailable),
  // the pool discards the broken client, and the next query opens a new connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** PostgreSQL error classes meaning "not reachable now": 08 connection exception, 57P operator intervention. */
const UNAVAILABLE_CODES = /^(08|57P)/;
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|is not currently accepting connections/;

/**
 * True when a query failed because the database cannot be reached right now (restarting, down,
 * refusing connections), rather than because of the query: the caller answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || NETWORK_ERROR_CODES.has(code))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)),
  );
}

/** True when a write failed because the database's disk (or its size limit) is full. */
export function isDatabaseFull(error: unknown): boolean {
  // SQLite: SQLITE_FULL "database or disk is full"; PostgreSQL: 53100 disk_full.
  return someCause(error, ({ code }) => code === 'SQLITE_FULL' || code === '53100');
}

/** Whether `error` or an error it wraps (`cause`: better-auth and Kysely keep the original) matches. */
function someCause(error: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (test(e as { code?: unknown; message?: unknown })) return true;
  }
  return false;
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
  tighten(dir, 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  tighten(file, 0o600);
  const sqlite = new SQLite(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) tighten(companion, 0o600);
  }
  return sqlite;
}

/** Sets the mode; a folder or file owned by someone else (EPERM) is the operator's choice. */
function tighten(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * Kysely prepares every query it runs; compiling the same SQL again costs more than running it
 * for the small indexed queries of a page view. Statements are kept per SQL text (least recently
 * used dropped first). Safe because better-sqlite3 runs each statement to completion
 * synchronously, so one statement object is never in use twice at once.
 */
const NO_OP_STATEMENT = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
} as unknown as SQLite.Statement;

function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  // Prepared once per SQL text: Kysely asks for a statement on every query.
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // SQLite ends a transaction by itself on some errors (SQLITE_FULL: "database or disk is
      // full"); Kysely's ROLLBACK then fails with "no transaction is active" and hides the cause.
      if (text === 'rollback' && !sqlite.inTransaction) return NO_OP_STATEMENT;
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = sqlite.prepare(text)));
      return statement;
    },
  };
}

/**
 * total_changes(): rows this connection ever inserted, updated or deleted (it counts on at once,
 * also in a transaction rolled back later: a needless reload, never a stale answer);
 * data_version: moves when another connection (the CLI, a restore) commits.
 */
const SQLITE_WRITE_VERSION = CompiledQuery.raw(
  'select total_changes() as changes, (select data_version from pragma_data_version()) as version',
) as CompiledQuery<{ changes: number; version: number }>;

/**
 * The same version read straight from the connection, with no trip through Kysely (whose cost
 * would outweigh a remembered browse answer); undefined while a transaction is under way, when
 * the caller must queue behind it instead. Outside one, reading at once is as safe as queueing:
 * whatever is queued runs after, so it can only make the version look older than what is then
 * read (a needless reload), never newer.
 */
function sqliteVersionReader(sqlite: SQLite.Database): () => string | undefined {
  const changes = sqlite.prepare('select total_changes()').pluck();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  return () => (sqlite.inTransaction ? undefined : `${changes.get() as number}.${dataVersion.get() as number}`);
}

/**
 * PostgreSQL's write version: the current snapshot (xmin:xmax:in-progress ids), the same text
 * until a transaction that wrote anything, in any database of the cluster, by any instance or
 * process, commits or aborts (a writer gets an id at its first write; one that started after
 * the last reading moves xmax, one in progress leaves the list when it ends). Read-only
 * transactions get no id and move nothing. One round trip per request, against a session, a
 * page's rows and the search index version read every time without it. When it cannot be read
 * the request fails as any query would (503 while the database is away), at once: going on
 * without a version would wait for a connection a second time when the pool is exhausted.
 */
const POSTGRES_WRITE_VERSION = 'select pg_current_snapshot()::text as v';

function wrap(
  kysely: Kysely<Database>,
  dialect: Dialect,
  {
    folder,
    reader,
    versionNow,
    remoteVersion,
  }: {
    /** The database file's folder (SQLite), for freeBytes. */
    folder?: string;
    reader?: SqliteReader;
    /** SQLite's write version read at once, undefined within a transaction. */
    versionNow?: () => string | undefined;
    /** PostgreSQL's write version, read over connections of its own. */
    remoteVersion?: { read(): Promise<string | undefined>; close(): Promise<void> };
  },
): Db {
  return {
    kysely,
    dialect,
    async readHeavy<R>(query: CompiledQuery<R>) {
      if (reader) return reader.all<R>(query.sql, query.parameters);
      return (await kysely.executeQuery(query)).rows;
    },
    async freeBytes() {
      if (!folder) return undefined;
      const info = await statfs(folder);
      return info.bavail * info.bsize;
    },
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async writeVersion() {
      if (remoteVersion) return remoteVersion.read();
      const now = versionNow?.();
      if (now !== undefined) return now;
      // Through Kysely, so it waits for a transaction under way on the one connection to end.
      const { rows } = await kysely.executeQuery(SQLITE_WRITE_VERSION);
      return `${rows[0]!.changes}.${rows[0]!.version}`;
    },
    async close() {
      await reader?.close();
      await remoteVersion?.close();
      await kysely.destroy();
    },
  };
}
