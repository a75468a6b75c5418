import type { FileStore } from './file-store.js';

/** Files younger than this may belong to an upload still being checked or recorded. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the stored files under `prefix` that no record points at (`referenced` says which of a
 * batch of keys have one) and that are older than an hour, so a file an upload is still writing
 * or recording is never taken; younger ones too when the process that wrote them on this host
 * has ended (the store's abandonedWrites). Returns how many were deleted.
 */
export async function sweepUnreferenced(
  files: FileStore,
  prefix: string,
  referenced: (keys: string[]) => Promise<Set<string>>,
  now = Date.now(),
): Promise<number> {
  const abandoned = (await files.abandonedWrites?.()) ?? new Set<string>();
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await referenced(batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await files.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const object of files.list(prefix)) {
    if (now - object.modifiedAt.getTime() < ORPHAN_MIN_AGE_MS && !abandoned.has(object.key)) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}
