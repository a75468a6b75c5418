import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { processAlive } from '../system/process-alive.js';

/** A process that writes files: its host, pid and start time (a pid is reused, a start is not). */
export interface ProcessIdentity {
  host: string;
  pid: number;
  startedAt: number;
}

export const THIS_PROCESS: ProcessIdentity = {
  host: hostname(),
  pid: process.pid,
  startedAt: Math.round(performance.timeOrigin),
};

const SEPARATOR = '~';

/** `host~pid~start`, safe in a file name; begins the names of the writer's temporary files too. */
export function writerTag(writer: ProcessIdentity): string {
  return [writer.host.replace(/[^A-Za-z0-9.-]/g, '_'), writer.pid, writer.startedAt.toString(36)].join(SEPARATOR);
}

/**
 * True when `name` (a tag, or a name that begins with one) names a process of this host that no
 * longer runs: another pid that is gone, or this pid in an earlier life (as in a container).
 * Another host's processes, or a pid that is alive, may still be writing: false.
 */
export function writerEnded(name: string, self: ProcessIdentity = THIS_PROCESS): boolean {
  const [host, pidText, startText] = name.split(SEPARATOR);
  if (startText === undefined || host !== writerTag(self).split(SEPARATOR)[0]) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === self.pid) return startText !== self.startedAt.toString(36);
  return !processAlive(pid);
}

/** Keys are `[a-z0-9.-]` segments joined by `/` (file-store.ts), so `+` cannot occur in them. */
const markerOf = (key: string) => key.replaceAll('/', '+');
const keyOf = (marker: string) => marker.replaceAll('+', '/');

/**
 * Which stored objects each process of this host is writing and may not have recorded yet: an
 * empty marker per key under `dir/<writer tag>/`, made before the write starts, removed when the
 * write fails or the object is deleted. A recorded object keeps its marker until `prune`, so the
 * markers of a process killed with kill -9 name every object it may have left without a record.
 * The orphan sweeps take those at once, where others wait an hour (orphan-sweep.ts).
 */
export class WriteClaims {
  private readonly mine: string;

  constructor(
    private readonly dir: string,
    private readonly self: ProcessIdentity = THIS_PROCESS,
  ) {
    this.mine = path.join(dir, writerTag(self));
  }

  async claim(key: string): Promise<void> {
    await mkdir(this.mine, { recursive: true, mode: 0o700 });
    await writeFile(path.join(this.mine, markerOf(key)), '', { mode: 0o600 });
  }

  async release(key: string): Promise<void> {
    await rm(path.join(this.mine, markerOf(key)), { force: true });
  }

  /** The keys claimed by processes of this host that have ended. */
  async abandoned(): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const writer of await this.writers()) {
      if (!writerEnded(writer, this.self)) continue;
      for (const marker of await readdir(path.join(this.dir, writer)).catch(() => [])) keys.add(keyOf(marker));
    }
    return keys;
  }

  /**
   * Drops the claims of ended processes (run after the orphan sweeps have used them) and this
   * process's own claims older than `maxAgeMs` (by then the hourly sweep's age rule covers them).
   * Returns how many markers went.
   */
  async prune(maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const writer of await this.writers()) {
      const folder = path.join(this.dir, writer);
      if (writerEnded(writer, this.self)) {
        removed += (await readdir(folder).catch(() => [])).length;
        await rm(folder, { recursive: true, force: true });
      } else if (folder === this.mine) {
        for (const marker of await readdir(folder).catch(() => [])) {
          const file = path.join(folder, marker);
          const info = await stat(file).catch(() => undefined);
          if (!info || now - info.mtimeMs < maxAgeMs) continue;
          await rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  private async writers(): Promise<string[]> {
    try {
      return await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
