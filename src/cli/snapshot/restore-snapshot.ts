import { chmod, copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLayout } from '../../server/config.js';
import { assertSqliteLayout, isEmptyOrMissing } from './layout.js';
import { DATABASE_FILE, FILES_DIR, readVerifiedManifest, SECRET_FILE, SnapshotError, type Manifest } from './manifest.js';

/**
 * Brings a snapshot back into an EMPTY DATA_DIR (and file store). Every checksum is verified
 * before anything is written, so a damaged backup leaves the target untouched.
 */
export async function restoreSnapshot(layout: StorageLayout, snapshotDir: string): Promise<Manifest> {
  assertSqliteLayout(layout);
  for (const dir of new Set([layout.dataDir, layout.storage.root])) {
    if (!(await isEmptyOrMissing(dir))) {
      throw new SnapshotError(`${dir} is not empty: restore only into an empty DATA_DIR (stop the server, move the old folder aside).`);
    }
  }
  const manifest = await readVerifiedManifest(snapshotDir);

  await mkdir(layout.dataDir, { recursive: true, mode: 0o700 });
  await mkdir(layout.storage.root, { recursive: true, mode: 0o700 });
  for (const entry of manifest.entries) {
    const source = path.join(snapshotDir, ...entry.path.split('/'));
    let target: string;
    if (entry.path === DATABASE_FILE) target = layout.database.file;
    else if (entry.path === SECRET_FILE) target = path.join(layout.dataDir, SECRET_FILE);
    else if (entry.path.startsWith(`${FILES_DIR}/`)) target = path.join(layout.storage.root, ...entry.path.split('/').slice(1));
    else continue;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(source, target);
    await chmod(target, 0o600);
  }
  return manifest;
}
