import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { createServices, type Services } from '../../../src/server/services.js';
import { loadConfig, type Config, type PasswordHashing } from '../../../src/server/config.js';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { ConsoleMailer } from '../../../src/server/mail/console-mailer.js';
import { SmtpMailer } from '../../../src/server/mail/smtp-mailer.js';
import { createFileStore, writeClaimsDir } from '../../../src/server/storage/create-file-store.js';
import type { FileStore } from '../../../src/server/storage/file-store.js';
import { startS3Server, type TestS3Server } from '../../support/s3-server.js';
import { apiClient, type ApiClient } from './api-client.js';
import type { Clock } from '../../../src/server/system/clock.js';
import { createPostgresDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  /** Requests to `app` as a named caller (see api-client.ts). */
  api: ApiClient;
  db: Db;
  config: Config;
  fileStore: FileStore;
  services: Services;
  dataDir: string;
  /** Set when the run targets S3 storage (TEST_STORAGE=s3): the server and this app's bucket. */
  s3?: { server: TestS3Server; bucket: string };
  close(): Promise<void>;
}

/** The dialect this run of the API suite targets (set per vitest project). */
export const testDialect = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
/** Where this run stores files: the local disk, or an S3-protocol server (TEST_STORAGE=s3). */
export const testStorage = (process.env.TEST_STORAGE ?? 'local') as 'local' | 's3';

/**
 * A cheap scrypt cost for the suite's apps: hundreds of sign-ups and logins per run at the
 * production cost (32 MB of memory work each) were minutes of CPU. Same scheme, lower cost; a
 * test wanting the production cost sets it back through `adjust` (accounts.test.ts does).
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { N: 1024, r: 8, p: 1 };

/** One S3 server per test file, shared by its apps (each gets a fresh bucket), stopped with the last. */
let sharedS3: { server: Promise<TestS3Server>; users: number } | undefined;

async function acquireS3(): Promise<TestS3Server> {
  sharedS3 ??= { server: startS3Server(), users: 0 };
  sharedS3.users++;
  return sharedS3.server;
}

async function releaseS3(): Promise<void> {
  if (!sharedS3 || --sharedS3.users > 0) return;
  const { server } = sharedS3;
  sharedS3 = undefined;
  await (await server).close();
}

/**
 * The real application on a fresh database of the current dialect and a fresh data folder.
 * Each test file builds its own, so files never share rows.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    logger?: object;
    adjust?: (config: Config) => Config;
    fileStore?: (config: Config) => FileStore;
    /** A second instance on the same PostgreSQL database (the first one drops it on close). */
    shareDatabaseWith?: TestApp;
    /** What the services stamp times with (helpers/test-clock.ts). */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-test-'));
  const shared = options.shareDatabaseWith?.config.database;
  if (shared && shared.dialect !== 'postgres') throw new Error('only a PostgreSQL database can be shared by two instances');
  const postgres = shared ? undefined : testDialect === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
  const s3Server = testStorage === 's3' ? await acquireS3() : undefined;
  const s3 = s3Server ? { server: s3Server, bucket: await s3Server.createBucket() } : undefined;
  const loaded = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(shared ? { DATABASE_URL: shared.url } : {}),
    // Instances of one install share AUTH_SECRET (docs/deploy.md): it also encrypts TOTP secrets.
    ...(options.shareDatabaseWith ? { AUTH_SECRET: options.shareDatabaseWith.config.authSecret } : {}),
    ...(s3 ? s3.server.storageEnv(s3.bucket) : {}),
    ...env,
  });
  // Values no environment variable sets (short timeouts, say) are given here.
  const cheap = { ...loaded, passwordHashing: TEST_PASSWORD_HASHING };
  const config = options.adjust ? options.adjust(cheap) : cheap;
  const db = createDb(config.database);
  await migrateToLatest(db);
  const fileStore = options.fileStore ? options.fileStore(config) : createFileStore(config.storage, { writeClaimsDir: writeClaimsDir(config.dataDir) });
  // A real SMTP sink when the test gives SMTP_URL; otherwise mails go nowhere.
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new ConsoleMailer(() => {});
  const services = createServices({ config, db, mailer, fileStore, clock: options.clock });
  const app = await buildApp({ config, db, fileStore, mailer, services, webRoot: options.webRoot, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    api: apiClient(app),
    db,
    config,
    fileStore,
    services,
    // A test may name its own DATA_DIR; files are looked for where the app keeps them.
    dataDir: config.dataDir,
    s3,
    async close() {
      await app.close();
      await db.close();
      await postgres?.drop();
      if (s3) await releaseS3();
      await rm(dataDir, { recursive: true, force: true });
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
