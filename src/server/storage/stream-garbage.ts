import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Every chunk of an upload arrives in a fresh buffer that is garbage once written to storage,
 * and V8 collects such buffers late (a stream barely touches the young generation), so uploads
 * would leave their dead buffers resident. After every STEP bytes streamed, over all uploads,
 * this runs one cheap young-generation collection (a scavenge) that returns them for reuse.
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
