import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { StorageLayout } from '../../server/config.js';
import { assertSqliteLayout, isEmptyOrMissing, storedFiles } from './layout.js';
import {
  DATABASE_FILE,
  entryFor,
  FILES_DIR,
  MANIFEST,
  newManifest,
  SECRET_FILE,
  SnapshotError,
  type Manifest,
  type ManifestEntry,
} from './manifest.js';

/**
 * Writes a consistent snapshot of a running (or stopped) instance into `outDir`, which must be
 * new or empty. The database is copied with SQLite's online backup API (a copy of the live file
 * could catch a half-written page or miss the WAL). Files are copied before and after it, so
 * every file a row of the snapshot refers to is in the snapshot even if it was uploaded during
 * the backup; a file deleted during the backup may be missing (its row then answers 404).
 */
export async function createSnapshot(layout: StorageLayout, outDir: string): Promise<Manifest> {
  assertSqliteLayout(layout);
  if (!existsSync(layout.database.file)) throw new SnapshotError(`No database at ${layout.database.file}: check DATA_DIR.`);
  if (!(await isEmptyOrMissing(outDir))) throw new SnapshotError(`${outDir} is not empty: give a new folder for each backup.`);
  await mkdir(path.join(outDir, FILES_DIR), { recursive: true, mode: 0o700 });
  await chmod(outDir, 0o700);

  const copied = new Set<string>();
  const copyNewFiles = async () => {
    for (const relative of await storedFiles(layout.storage.root)) {
      if (copied.has(relative)) continue;
      const target = path.join(outDir, FILES_DIR, ...relative.split('/'));
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        await copyFile(path.join(layout.storage.root, ...relative.split('/')), target);
      } catch (error) {
        // Deleted since it was listed: it is no longer part of the library.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      copied.add(relative);
    }
  };

  await copyNewFiles();
  const source = new SQLite(layout.database.file, { fileMustExist: true });
  try {
    await source.backup(path.join(outDir, DATABASE_FILE));
  } finally {
    source.close();
  }
  await chmod(path.join(outDir, DATABASE_FILE), 0o600);
  await copyNewFiles();

  const entries: ManifestEntry[] = [await entryFor(outDir, DATABASE_FILE)];
  const secret = path.join(layout.dataDir, SECRET_FILE);
  if (existsSync(secret)) {
    await copyFile(secret, path.join(outDir, SECRET_FILE));
    await chmod(path.join(outDir, SECRET_FILE), 0o600);
    entries.push(await entryFor(outDir, SECRET_FILE));
  }
  for (const relative of [...copied].sort()) entries.push(await entryFor(outDir, `${FILES_DIR}/${relative}`));

  const manifest = newManifest(entries);
  // Written last: a backup cut short has no manifest, and restore refuses it.
  await writeFile(path.join(outDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}
