import { parseArgs } from 'node:util';
import { loadStorageLayout } from '../server/config.js';
import { runSnapshotCommand } from './snapshot/run-snapshot-command.js';
import { restoreSnapshot } from './snapshot/restore-snapshot.js';

/** `npm run restore -- DIR`: brings a snapshot made by `npm run backup` into an empty DATA_DIR. */
const HELP = `Usage: npm run restore -- DIR

Restores the backup in DIR (made by npm run backup) into DATA_DIR, which must be empty or
not exist yet (stop the server and move the old folder aside first). Every file's checksum
is verified before anything is written: a damaged backup is refused and nothing changes.
Then start the server on that DATA_DIR.
`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`Give the backup folder to restore.\n\n${HELP}`);
    return 2;
  }
  const layout = loadStorageLayout();
  const manifest = await restoreSnapshot(layout, positionals[0]!);
  const files = manifest.entries.filter((e) => e.path.startsWith('files/')).length;
  process.stdout.write(`Restored the backup of ${manifest.createdAt} into ${layout.dataDir}: database and ${files} stored files (checksums verified).\n`);
  return 0;
}

runSnapshotCommand('Restore', run);
