import { ConfigError } from '../../server/config.js';
import { SnapshotError } from './manifest.js';

/**
 * Runs backup or restore as a process: exit 0 on success, 2 with the message for a problem the
 * operator can fix (bad settings, damaged backup, non-empty folder), 1 for anything unexpected.
 */
export function runSnapshotCommand(what: 'Backup' | 'Restore', run: (argv: string[]) => Promise<number>): void {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof SnapshotError || error instanceof ConfigError;
      process.stderr.write(`${what} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(known ? 2 : 1);
    },
  );
}
