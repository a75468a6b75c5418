import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.js';
import { createDb } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createServices } from '../server/services.js';
import { HttpError } from '../server/http/http-error.js';
import { ConsoleMailer } from '../server/mail/console-mailer.js';
import { createFileStore } from '../server/storage/create-file-store.js';
import { reindex, summaryText } from './reindex.js';
import { runImport } from './archive-import.js';
import { ImportSetupError } from '../server/modules/resources/import-manifest.js';

/**
 * Administration from the server's shell: `npm run admin -- <command> [options]`. It reads the
 * same environment as the server, so it acts on the same database.
 */
const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-admin --email E --name N --password P
                 Create a verified administrator (the way to make the first admin).
                 E must be an address of INSTITUTION_EMAIL_DOMAIN; P needs 8+ characters
                 with upper case, lower case and a digit, and must not be easy to guess
                 (the reason is printed when it is refused).
  migrate        Bring the database schema up to date (the server also does this at start-up).
  reindex        Process every resource again (text, OCR of scanned pages, thumbnail, search
                 index) here, with a progress bar and ETA on stderr, then a summary. Uses the
                 server's OCR and PROCESSING_* settings; a running server may share the work.
  import DIR [--manifest FILE | --pattern P] [--dry-run] [--as EMAIL] [defaults]
                 Add an archive of PDFs to the library as an administrator's uploads (the
                 first admin, or --as EMAIL), with the web upload's checks and processing.
                 Fields come from DIR/manifest.csv (or --manifest FILE): a header row with
                 file,title,branch,semester,subject,type,academic_year,exam,exam_month,exam_year
                 then one row a file (a path under DIR); or from each file's name with
                 --pattern "{subject}_{exam}_{year}.pdf" (placeholders: those fields, {*} for
                 anything). Defaults for what a row or name leaves out: --course, --branch,
                 --semester, --type, --academic-year. --dry-run reports what would be imported,
                 skipped as duplicate or refused and why, and writes nothing.
                 --allow-near-duplicates imports papers nearly the same as one in the library.
                 A file already in the library is skipped, so a stopped run (Ctrl-C) is
                 finished by running the same command again. Exit code 1 when a file was refused.
  help           Show this help.

The database is chosen by the same environment variables as the server (DATA_DIR, DATABASE_URL).
`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      manifest: { type: 'string' },
      pattern: { type: 'string' },
      as: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'allow-near-duplicates': { type: 'boolean' },
      course: { type: 'string' },
      branch: { type: 'string' },
      semester: { type: 'string' },
      type: { type: 'string' },
      'academic-year': { type: 'string' },
    },
  });
  const command = positionals[0];
  if (!command || command === 'help' || values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(db);
        process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
        return 0;
      }
      case 'create-admin': {
        const { email, name, password } = values;
        if (typeof email !== 'string' || typeof name !== 'string' || typeof password !== 'string') {
          process.stderr.write('create-admin needs --email, --name and --password.\n\n' + HELP);
          return 2;
        }
        await migrateToLatest(db);
        const { accounts } = createServices({ config, db, mailer: new ConsoleMailer(() => {}), fileStore: createFileStore(config.storage) });
        const admin = await accounts.createVerifiedUser({ name, email, password, role: 'ADMIN' });
        process.stdout.write(`Created administrator ${admin.name} <${admin.email}>. They can log in now.\n`);
        // Administrators must use two-factor sign-in (REQUIRE_2FA_FOR, decision 049).
        process.stdout.write(
          `Two-factor sign-in is required for administrators: at their first login they are taken to\n` +
            `${new URL('/account', config.publicUrl).href} to set it up (their password, then the key or link in an\n` +
            `authenticator app such as Google Authenticator or Aegis, then one code; save the 10 backup codes).\n`,
        );
        return 0;
      }
      case 'reindex': {
        await migrateToLatest(db);
        const fileStore = createFileStore(config.storage);
        await fileStore.check?.();
        // Reindexing processes even where the server itself is set to process nothing (0).
        const processing = { concurrency: Math.max(1, config.processing.concurrency) };
        const services = createServices({ config, db, mailer: new ConsoleMailer(() => {}), fileStore, processing });
        try {
          const summary = await reindex(services, process.stderr);
          process.stdout.write(summaryText(summary));
          return 0;
        } finally {
          await services.processingRunner.stop();
          await services.pdfInspection.close();
        }
      }
      case 'import': {
        const dir = positionals[1];
        if (!dir) {
          process.stderr.write('import needs the folder of PDFs: npm run admin -- import DIR\n\n' + HELP);
          return 2;
        }
        await migrateToLatest(db);
        const fileStore = createFileStore(config.storage);
        await fileStore.check?.();
        // Jobs are only queued here: the running server processes them.
        const services = createServices({ config, db, mailer: new ConsoleMailer(() => {}), fileStore, processing: { concurrency: 0 } });
        const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
        const defaults = Object.fromEntries(
          (['course', 'branch', 'semester', 'type', 'academic-year'] as const).flatMap((name) => (text(name) ? [[name, text(name)!]] : [])),
        );
        try {
          const summary = await runImport(
            services.archiveImport,
            { dir, manifest: text('manifest'), pattern: text('pattern'), as: text('as'), dryRun: !!values['dry-run'], allowNearDuplicates: !!values['allow-near-duplicates'], defaults },
            process.stdout,
            process.stderr,
          );
          return summary.refused ? 1 : 0;
        } finally {
          await services.pdfInspection.close();
        }
      }
      default:
        process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

// The PDF check's worker processes are unref'd (an idle one must not keep a server from exiting):
// while one reads a file or shuts down, this keeps the CLI from ending before its command has.
setInterval(() => {}, 60_000);

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ConfigError || error instanceof HttpError || error instanceof ImportSetupError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
