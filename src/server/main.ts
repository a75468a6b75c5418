import { buildApp } from './app.js';
import { createServices } from './services.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoIfEmpty } from './demo-seeding.js';
import { createMailer } from './mail/create-mailer.js';
import { startAccountHousekeeping } from './modules/accounts/account-housekeeping.js';
import { loadPasswordEstimator } from './modules/accounts/password-strength.js';
import { productionWarnings } from './production-checklist.js';
import { webBuildDir } from './project-paths.js';
import { startFileSweeps } from './storage/file-sweeps.js';
import { gracefulShutdown } from './http/graceful-shutdown.js';
import { createFileStore, writeClaimsDir } from './storage/create-file-store.js';

/** The only file that listens: config -> database -> migrate -> app -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const mailer = createMailer(config);
  const fileStore = createFileStore(config.storage, { writeClaimsDir: writeClaimsDir(config.dataDir) });
  await fileStore.check?.();
  const services = createServices({ config, db, mailer, fileStore });
  // Started now so neither the demo seeding nor the first upload waits for pdf.js to load.
  services.pdfInspection.start();
  const app = await buildApp({
    config,
    db,
    fileStore,
    mailer,
    webRoot: webBuildDir(),
    services,
  });
  await seedDemoIfEmpty(config, services, app.log);
  // After seeding, so the demo library is indexed at first start; jobs left by a previous run
  // (even one killed mid-job) are taken up again.
  // PROCESSING_CONCURRENCY=0: another instance (or `npm run admin -- reindex`) processes uploads.
  if (config.processing.concurrency > 0) services.processingRunner.start(app.log);
  // Unverified accounts past UNVERIFIED_ACCOUNT_TTL_HOURS and spent rate-limit windows.
  void loadPasswordEstimator().catch((error: unknown) => app.log.error({ err: error }, 'password estimator failed to load'));
  const stopHousekeeping = startAccountHousekeeping({ verification: services.verification, limiter: services.limiter, log: app.log });
  // Files left by an upload that crashed between storing and recording, or killed mid-upload:
  // swept at start-up (not awaited) and hourly; at once when this host's process that wrote them
  // has ended, otherwise once an hour old. The claims go last, once the sweeps have used them.
  const stopFileSweeps = startFileSweeps(
    [
      ['resource files without a record', () => services.resources.sweepOrphans()],
      ['screenshots without a record', () => services.reports.sweepOrphans()],
      ['temporary upload files', async () => (await fileStore.sweepTemporaries?.()) ?? 0],
      // Markers only: the files they named are recorded, or were swept just above.
      ['write-claim markers of ended processes', async () => (await fileStore.pruneWriteClaims?.()) ?? 0],
    ],
    app.log,
  );

  const onSignal = gracefulShutdown({
    app,
    timeoutMs: config.shutdownTimeoutSeconds * 1000,
    closeRest: async () => {
      stopHousekeeping();
      stopFileSweeps();
      await mailer.close();
      await db.close();
    },
  });
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(`${config.public.productName} is running at ${config.publicUrl} (database: ${where})`);
  const missing = productionWarnings(config);
  if (missing.length) {
    for (const warning of missing) app.log.warn({ checklist: 'docs/deploy.md' }, `Production checklist: ${warning}`);
    process.stderr.write(`\nProduction checklist (docs/deploy.md): ${missing.length} item(s) to fix before going live:\n${missing.map((w) => `  - ${w}`).join('\n')}\n\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
