import { parseArgs } from 'node:util';
import { loadStorageLayout } from '../server/config.js';
import { runSnapshotCommand } from './snapshot/run-snapshot-command.js';
import { createSnapshot } from './snapshot/create-snapshot.js';

/**
 * `npm run backup -- --out DIR`: a consistent snapshot of DATA_DIR (SQLite database, stored
 * files, auth secret, manifest with checksums), safe to run while the server is up.
 */
const HELP = `Usage: npm run backup -- --out DIR

Writes a consistent snapshot of this instance into DIR (a new or empty folder):
the SQLite database (online backup API, safe while the server runs), every stored file,
the auth secret kept in DATA_DIR, and manifest.json with each file's size and SHA-256.
Restore it with: npm run restore -- DIR

Reads the same environment as the server (DATA_DIR, STORAGE_URL). For PostgreSQL
(DATABASE_URL) use pg_dump and your file or object store's own tools: see docs/deploy.md.
`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (!values.out) {
    process.stderr.write(`--out DIR is required.\n\n${HELP}`);
    return 2;
  }
  const manifest = await createSnapshot(loadStorageLayout(), values.out);
  const bytes = manifest.entries.reduce((sum, e) => sum + e.size, 0);
  const files = manifest.entries.filter((e) => e.path.startsWith('files/')).length;
  process.stdout.write(`Backup written to ${values.out}: database, ${files} stored files, ${(bytes / 1048576).toFixed(1)} MB in all.\n`);
  return 0;
}

runSnapshotCommand('Backup', run);
