import { mkdtempSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { newStorageKey } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { ORPHAN_MIN_AGE_MS, sweepUnreferenced } from './orphan-sweep.js';

const HOUR = 60 * 60 * 1000;

async function storeWith(ages: Record<string, number>) {
  const root = mkdtempSync(path.join(tmpdir(), 'studyshelf-sweep-'));
  const store = new LocalFileStore(root);
  const now = Date.now();
  for (const [key, age] of Object.entries(ages)) {
    await store.put(key, Readable.from([Buffer.from(key)]));
    const at = new Date(now - age);
    await utimes(path.join(root, ...key.split('/')), at, at);
  }
  return { store, now };
}

const keysUnder = async (store: LocalFileStore, prefix: string) => {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
};

describe('sweepUnreferenced', () => {
  it('deletes the files under the prefix that no record points at, once older than an hour', async () => {
    const kept = newStorageKey('files', '.pdf');
    const orphan = newStorageKey('files', '.pdf');
    const young = newStorageKey('files', '.pdf');
    const elsewhere = newStorageKey('other', '.pdf');
    const { store, now } = await storeWith({ [kept]: 2 * HOUR, [orphan]: 2 * HOUR, [young]: ORPHAN_MIN_AGE_MS - 60_000, [elsewhere]: 2 * HOUR });
    const asked: string[][] = [];
    const removed = await sweepUnreferenced(
      store,
      'files',
      async (keys) => {
        asked.push(keys);
        return new Set(keys.filter((key) => key === kept));
      },
      now,
    );
    expect(removed).toBe(1);
    expect(await keysUnder(store, 'files')).toEqual([kept, young].sort());
    expect(await keysUnder(store, 'other')).toEqual([elsewhere]);
    // The young file is never even asked about: it may belong to an upload still being recorded.
    expect(asked.flat().sort()).toEqual([kept, orphan].sort());
  });

  it('asks about keys in batches of at most 500', async () => {
    const ages = Object.fromEntries(Array.from({ length: 501 }, () => [newStorageKey('files'), 2 * HOUR]));
    const { store, now } = await storeWith(ages);
    const sizes: number[] = [];
    const removed = await sweepUnreferenced(store, 'files', async (keys) => (sizes.push(keys.length), new Set(keys)), now);
    expect(removed).toBe(0);
    expect(sizes).toEqual([500, 1]);
  });
});
