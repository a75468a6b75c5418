import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * A snapshot folder holds manifest.json, the SQLite database (database.sqlite), the auth secret
 * (auth-secret, when it was kept in DATA_DIR) and every stored file under files/. The manifest
 * lists each with its size and SHA-256, so a restore can refuse a damaged or incomplete copy.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'database.sqlite';
export const SECRET_FILE = 'auth-secret';
export const FILES_DIR = 'files';
const FORMAT = 'studyshelf-backup';
const VERSION = 1;

export interface ManifestEntry {
  /** Relative to the snapshot folder, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  database: 'sqlite';
  entries: ManifestEntry[];
}

export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The entry for a file already written into the snapshot folder. */
export async function entryFor(snapshotDir: string, relative: string): Promise<ManifestEntry> {
  const full = path.join(snapshotDir, ...relative.split('/'));
  return { path: relative, size: (await stat(full)).size, sha256: await sha256Of(full) };
}

export function newManifest(entries: ManifestEntry[], createdAt = new Date()): Manifest {
  return { format: FORMAT, version: VERSION, createdAt: createdAt.toISOString(), database: 'sqlite', entries };
}

/** A relative path that stays inside the snapshot (no absolute paths, no `..`). */
function isSafeRelative(p: string): boolean {
  if (!p || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Reads the manifest and checks every listed file's size and checksum; throws on any problem. */
export async function readVerifiedManifest(snapshotDir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(snapshotDir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    throw new SnapshotError(`${snapshotDir} is not a StudyShelf backup: ${MANIFEST} is missing or unreadable (${(error as Error).message}).`);
  }
  if (manifest?.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.entries)) {
    throw new SnapshotError(`${snapshotDir}/${MANIFEST} is not a StudyShelf backup manifest (version ${VERSION}).`);
  }
  if (!manifest.entries.some((e) => e.path === DATABASE_FILE)) {
    throw new SnapshotError(`The backup in ${snapshotDir} lists no ${DATABASE_FILE}.`);
  }
  const problems: string[] = [];
  for (const entry of manifest.entries) {
    if (!isSafeRelative(entry.path)) {
      problems.push(`${JSON.stringify(entry.path)}: not a path inside the backup`);
      continue;
    }
    const full = path.join(snapshotDir, ...entry.path.split('/'));
    try {
      const size = (await stat(full)).size;
      if (size !== entry.size) problems.push(`${entry.path}: ${size} bytes, expected ${entry.size}`);
      else if ((await sha256Of(full)) !== entry.sha256) problems.push(`${entry.path}: checksum does not match`);
    } catch {
      problems.push(`${entry.path}: missing`);
    }
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    const more = problems.length > 10 ? `\n  ...and ${problems.length - 10} more` : '';
    throw new SnapshotError(`The backup in ${snapshotDir} is damaged; nothing was restored:\n  ${shown}${more}`);
  }
  return manifest;
}
