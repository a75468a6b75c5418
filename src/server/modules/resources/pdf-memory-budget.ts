import { totalmem } from 'node:os';

/**
 * A cap on the binary buffers pdf.js allocates in an inspection or processing process. The
 * heap limit bounds only the JavaScript heap; typed arrays live outside it, so a small Flate
 * "bomb" (a content stream inflating to hundreds of MB) is refused here at once with a reason,
 * before the pool's RSS watchdog would have to kill the process. Only for those child
 * processes: it replaces the typed-array constructors of the process it runs in.
 */

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
] as const;

/** Allocations below this are not checked: reading memory usage costs more than they do. */
const CHECK_FROM_BYTES = 1 << 20;

let exceeded = false;

export class MemoryBudgetExceeded extends RangeError {
  constructor() {
    super('The PDF needs more memory than an upload check may use');
    this.name = 'MemoryBudgetExceeded';
  }
}

/** True once an allocation was refused: pdf.js may swallow the error, the verdict must not. */
export function memoryBudgetExceeded(): boolean {
  return exceeded;
}

export function installMemoryBudget(maxBytes: number): void {
  // A request larger than the machine's memory fails without the budget too ("Array buffer
  // allocation failed"), and pdf.js copes with that: a font whose declared length is absurd
  // (issue3928.pdf asks for 256 GB) is read without it. Such a request is refused like the
  // engine would, without marking the file as too complex.
  const impossibleBytes = Math.max(totalmem(), maxBytes);
  // pdf.js inflates Flate streams with the native DecompressionStream when there is one; its
  // buffers are allocated inside Node where no constructor can see them. Without it pdf.js falls
  // back to its own decoder, whose every buffer passes through the check below.
  Reflect.deleteProperty(globalThis, 'DecompressionStream');
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const name of TYPED_ARRAYS) {
    const Real = globals[name] as (new (...args: unknown[]) => object) & { BYTES_PER_ELEMENT?: number };
    const bytesPerElement = Real.BYTES_PER_ELEMENT ?? 1;
    const guarded: typeof Real = new Proxy(Real, {
      construct(target, args: unknown[], newTarget) {
        const length = args[0];
        if (typeof length === 'number' && length * bytesPerElement >= CHECK_FROM_BYTES) {
          if (length * bytesPerElement > impossibleBytes) throw new RangeError('Array buffer allocation failed');
          if (process.memoryUsage().arrayBuffers + length * bytesPerElement > maxBytes) {
            exceeded = true;
            throw new MemoryBudgetExceeded();
          }
        }
        return Reflect.construct(target, args, newTarget === guarded ? target : newTarget);
      },
    });
    globals[name] = guarded;
  }
}
