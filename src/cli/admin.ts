import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.js';
import { createDb } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';

/**
 * Administration from the server's shell: `npm run admin -- <command> [options]`. It reads the
 * same environment as the server, so it acts on the same database.
 */
const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  migrate        Bring the database schema up to date (the server also does this at start-up).
  help           Show this help.

The database is chosen by the same environment variables as the server (DATA_DIR, DATABASE_URL).
`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { help: { type: 'boolean', short: 'h' } },
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
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
