import type { Readable } from 'node:stream';
import type { ByteRange, FileStore, ObjectInfo, StoredObject } from './file-store.js';
import { ORPHAN_MIN_AGE_MS } from './orphan-sweep.js';
import type { WriteClaims } from './write-claims.js';

/**
 * A store whose writes are claimed for this process first (write-claims.ts), so objects left
 * without a record by a process killed mid-upload are known as its, and swept at the next start
 * instead of an hour later. Everything else is the wrapped store's.
 */
export class ClaimingFileStore implements FileStore {
  readonly handOffPath?: (key: string) => string;
  readonly sweepTemporaries?: (maxAgeMs?: number, now?: number) => Promise<number>;
  readonly freeBytes?: () => Promise<number | undefined>;
  readonly check?: () => Promise<void>;

  constructor(
    private readonly inner: FileStore,
    private readonly claims: WriteClaims,
  ) {
    if (inner.handOffPath) this.handOffPath = inner.handOffPath.bind(inner);
    if (inner.sweepTemporaries) this.sweepTemporaries = inner.sweepTemporaries.bind(inner);
    if (inner.freeBytes) this.freeBytes = inner.freeBytes.bind(inner);
    if (inner.check) this.check = inner.check.bind(inner);
  }

  async put(key: string, body: Readable, options?: { maxBytes?: number }): Promise<StoredObject> {
    await this.claims.claim(key);
    try {
      return await this.inner.put(key, body, options);
    } catch (error) {
      await this.claims.release(key);
      throw error;
    }
  }

  stat(key: string): Promise<ObjectInfo | undefined> {
    return this.inner.stat(key);
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.inner.read(key, range);
  }

  async delete(key: string): Promise<void> {
    await this.inner.delete(key);
    await this.claims.release(key);
  }

  list(prefix: string): AsyncIterable<ObjectInfo> {
    return this.inner.list(prefix);
  }

  abandonedWrites(): Promise<Set<string>> {
    return this.claims.abandoned();
  }

  pruneWriteClaims(now = Date.now()): Promise<number> {
    return this.claims.prune(ORPHAN_MIN_AGE_MS, now);
  }
}
