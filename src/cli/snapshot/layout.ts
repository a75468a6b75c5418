import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLayout } from '../../server/config.js';
import { SnapshotError } from './manifest.js';

/** The folder where uploads are written before they are complete (storage/local-file-store.ts). */
const TEMP_DIR = '.incoming';

/** Backup and restore handle SQLite + local files; anything else has its own standard tools. */
export function assertSqliteLayout(
  layout: StorageLayout,
): asserts layout is StorageLayout & { database: { dialect: 'sqlite'; file: string }; storage: { driver: 'local'; root: string } } {
  if (layout.database.dialect === 'sqlite' && layout.storage.driver === 'local') return;
  const files =
    layout.storage.driver === 'local'
      ? `copy the file store (${layout.storage.root}) with rsync`
      : `back up the bucket s3://${layout.storage.bucket} with the object store's own versioning/replication tools`;
  throw new SnapshotError(
    'This command backs up and restores the default layout: SQLite in DATA_DIR and files on the local disk.\n' +
      'With PostgreSQL (DATABASE_URL) or s3:// storage, use their own tools: for the database, e.g.\n' +
      '  pg_dump --format=custom --file=studyshelf.dump "$DATABASE_URL"   and   pg_restore --clean --dbname="$DATABASE_URL" studyshelf.dump\n' +
      `and ${files}.\n` +
      'Keep AUTH_SECRET with the backup. See docs/deploy.md, "Backups".',
  );
}

/** Every stored file under the store's root, relative with forward slashes, temporaries left out. */
export async function storedFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((p) => p !== TEMP_DIR && !p.startsWith(`${TEMP_DIR}/`))
    .sort();
}

/** True when the folder does not exist or holds nothing. */
export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}
