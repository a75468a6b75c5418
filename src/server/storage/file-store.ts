import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectInfo extends StoredObject {
  modifiedAt: Date;
}

/**
 * Where file bytes live. Only storage/ knows whether that is a disk or a bucket; callers pass
 * keys made by `newStorageKey`, never anything a user typed.
 */
export interface FileStore {
  /**
   * Streams `body` into the store under `key`. The object appears only when the stream ended
   * well; on any error (including `maxBytes` exceeded) nothing is left behind.
   */
  put(key: string, body: Readable, options?: { maxBytes?: number }): Promise<StoredObject>;
  /** Size and time of an object, or undefined when it does not exist. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** A stream of the object's bytes, or of one inclusive range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Where a proxy that serves this store's folder finds the object, relative to that folder
   * (X-Accel-Redirect, docs/decisions/021). Only stores whose objects are files on disk.
   */
  handOffPath?(key: string): string;
  /** Removes an object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, for housekeeping such as orphan sweeps. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /**
   * Removes what unfinished writes left behind (a process killed mid-upload) once older than
   * `maxAgeMs`; younger ones may belong to an upload in flight here or in another instance,
   * unless their writer was a process of this host that has ended. Returns how many were removed.
   */
  sweepTemporaries?(maxAgeMs?: number, now?: number): Promise<number>;
  /**
   * Keys that a process of this host that has ended was writing, and may not have recorded
   * (ClaimingFileStore): the orphan sweeps need not wait for their age.
   */
  abandonedWrites?(): Promise<Set<string>>;
  /** Forgets the claims abandonedWrites has served (run after the sweeps); returns how many. */
  pruneWriteClaims?(now?: number): Promise<number>;
  /** Free bytes where objects are written, for /readyz; left out where unknown (a bucket). */
  freeBytes?(): Promise<number | undefined>;
  /**
   * Proves the store can be reached (start-up, readiness), or throws StorageUnavailableError
   * naming where and why. Stores with nothing to reach may leave it out.
   */
  check?(): Promise<void>;
}

/**
 * The least free space where files or the database are written (SQLite's folder), or
 * undefined where neither can tell (a bucket and a database server).
 */
export function lowestFreeBytes(fileStore: FileStore, db: { freeBytes(): Promise<number | undefined> }): () => Promise<number | undefined> {
  return async () => {
    const known = (await Promise.all([fileStore.freeBytes?.(), db.freeBytes()])).filter((n): n is number => n !== undefined);
    return known.length ? Math.min(...known) : undefined;
  };
}

export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** True when the store could not be reached (StorageUnavailableError, or an error it caused). */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StorageUnavailableError) return true;
  }
  return false;
}

/** True when a write failed for want of space (a full disk, or the user's quota). */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Older than any upload can still be running (the request timeout is 15 minutes). */
export const TEMPORARY_MAX_AGE_MS = 60 * 60 * 1000;

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9.-]*)*$/;

/** A fresh key such as `resources/3f0c...e1.pdf`; the only way keys should be made. */
export function newStorageKey(prefix: string, extension = ''): string {
  const key = `${prefix}/${randomUUID()}${extension}`;
  assertValidKey(key);
  return key;
}

/** Rejects anything that could escape the store (`..`, absolute paths, odd characters). */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 200) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
