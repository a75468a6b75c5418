import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Every chunk of an upload arrives in a fresh buffer that is garbage once written to storage.
 * V8 frees such buffers only when it collects the young generation, which a stream barely
 * touches, or when garbage outside the heap passes ~64 MB: so a 20 MB upload left ~20 MB of
 * dead buffers resident, and a few parallel uploads much more (measured: `npm run bench`).
 * After every STEP bytes streamed, in total over all uploads, this runs one young-generation
 * collection (a scavenge: about a millisecond), which returns those buffers for reuse.
 * See docs/decisions/007-upload-memory.md.
 */
const STEP = 4 * 1024 * 1024;

let sinceLast = 0;
let collect: ((options: { type: 'minor' }) => void) | null | undefined;

export function noteStreamedBytes(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < STEP) return;
  sinceLast = 0;
  collect ??= loadCollector();
  collect?.({ type: 'minor' });
}

function loadCollector() {
  try {
    // The collector is only reachable as `gc` in a context created after the flag is set.
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
  } catch {
    return null;
  }
}
