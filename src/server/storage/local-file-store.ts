import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  ObjectNotFoundError,
  type ByteRange,
  type FileStore,
  type ObjectInfo,
  type StoredObject,
  TEMPORARY_MAX_AGE_MS,
} from './file-store.js';
import { ByteCounter } from './byte-counter.js';
import { THIS_PROCESS, writerEnded, writerTag, type ProcessIdentity } from './write-claims.js';

const TEMP_DIR = '.incoming';
/** Uploaded files are readable by the server's own user only, like the database (issue 12). */
const PRIVATE = { dir: 0o700, file: 0o600 };
/** For a proxy sending the files (FILE_HANDOFF_PREFIX): its workers are in the app's group. */
const GROUP_READABLE = { dir: 0o750, file: 0o640 };

/** Files on the local disk under one root. Writes go to a temp file, then rename into place. */
export class LocalFileStore implements FileStore {
  private readonly modes: { dir: number; file: number };

  /** Begins each temporary file's name, so the files of a writer killed mid-upload are known. */
  private readonly tempPrefix: string;

  constructor(
    private readonly root: string,
    options: { groupReadable?: boolean; writer?: ProcessIdentity } = {},
  ) {
    this.modes = options.groupReadable ? GROUP_READABLE : PRIVATE;
    this.tempPrefix = `${writerTag(options.writer ?? THIS_PROCESS)}~`;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The object's path under the root, as the proxy's `alias` of that folder sees it. */
  handOffPath(key: string): string {
    assertValidKey(key);
    return key;
  }

  async put(key: string, body: Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true, mode: this.modes.dir });
    const temp = path.join(tempDir, this.tempPrefix + randomUUID());
    const counter = new ByteCounter(options.maxBytes);
    const out = createWriteStream(temp, { flags: 'wx', mode: this.modes.file });
    try {
      await pipeline(body, counter, out);
      await mkdir(path.dirname(target), { recursive: true, mode: this.modes.dir });
      await rename(temp, target);
      return { key, size: counter.bytes };
    } catch (error) {
      // A stream destroyed early may still be opening the file: remove it only once it is closed,
      // or the file appears after the removal and is left behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepTemporaries(maxAgeMs = TEMPORARY_MAX_AGE_MS, now = Date.now()): Promise<number> {
    const tempDir = path.join(this.root, TEMP_DIR);
    let names: string[];
    try {
      names = await readdir(tempDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(tempDir, name);
      try {
        const info = await stat(file);
        // A process of this host that ended (kill -9) is not writing any more: no need to wait.
        if (!info.isFile() || (now - info.mtimeMs < maxAgeMs && !writerEnded(name))) continue;
        await rm(file, { force: true });
        removed++;
      } catch (error) {
        // Finished (renamed into place) or removed by its own upload meanwhile.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }

  async freeBytes(): Promise<number> {
    // The root may not exist before the first upload: ask about the nearest folder that does.
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      try {
        const info = await statfs(dir);
        return info.bavail * info.bsize;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    assertValidKey(prefix);
    const dir = this.pathOf(prefix);
    let entries;
    try {
      entries = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      const info = await stat(full);
      yield { key, size: info.size, modifiedAt: info.mtime };
    }
  }
}
