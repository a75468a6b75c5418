import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.js';
import { createDb } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createServices } from '../server/app.js';
import { HttpError } from '../server/http/http-error.js';
import { ConsoleMailer } from '../server/mail/console-mailer.js';
import { createFileStore } from '../server/storage/create-file-store.js';
import { reindex, summaryText } from './reindex.js';

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
      default:
        process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ConfigError || error instanceof HttpError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
