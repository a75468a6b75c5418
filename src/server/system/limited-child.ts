import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * A bundled script run in a child process of its own, so that everything it allocates (pdf.js's
 * buffers, the canvas's and tesseract's native memory, its heap) is the operating system's to
 * bound and reclaim, never the server's. Used for the upload check and for processing
 * (docs/decisions/030-pdf-work-in-child-processes.md).
 */
export interface ChildLimits {
  /** The child's resident memory (RSS) limit; also its JS heap limit. */
  memoryMb: number;
  /** How often the child's RSS is read. */
  sampleMs?: number;
}

/** How the child ended: over its memory limit, or exited otherwise (crash, kill, its own exit). */
export type ChildEnd = { outOfMemory: true } | { outOfMemory: false; code: number | null; signal: NodeJS.Signals | null; detail: string };

export interface LimitedChild {
  /** Sends a message (structured clone: Buffers arrive as Uint8Array); false once the child is gone. */
  send(message: unknown): boolean;
  onMessage(listener: (message: unknown) => void): void;
  /** Settles once the process is gone and every message it sent was delivered. */
  readonly ended: Promise<ChildEnd>;
  /** Ends the child now (SIGKILL); `ended` then settles. */
  kill(): void;
  /** An idle child must not keep the server (or a test run) alive. */
  unref(): void;
  readonly pid: number | undefined;
  /** The child's RSS at the last sample, in bytes (0 before the first). */
  readonly rssBytes: number;
}

const MB = 1024 * 1024;
const DEFAULT_SAMPLE_MS = 50;
/** What is kept of the child's stderr, to tell a heap overrun from another crash. */
const STDERR_TAIL = 4096;
/** V8's last words when a heap limit is reached. */
const HEAP_EXHAUSTED = /heap limit|JavaScript heap out of memory|Allocation failed/;

/**
 * Forks `file` with `args` and watches its RSS every `sampleMs`: past `memoryMb` it is killed
 * (SIGKILL) and `ended` says out of memory. A child that overruns its heap limit ends the same.
 */
export function forkLimited(file: string, args: string[], limits: ChildLimits): LimitedChild {
  const child: ChildProcess = fork(file, args, {
    serialization: 'advanced',
    // Only the heap limit: the server's own flags (a test runner's loaders, say) are not the child's.
    execArgv: [`--max-old-space-size=${limits.memoryMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_TAIL)));
  // A message to a child that just died fails asynchronously; `ended` reports the death.
  child.on('error', () => undefined);

  let overLimit = false;
  const limitBytes = limits.memoryMb * MB;
  let sampling = false;
  let lastRss = 0;
  const sampler = setInterval(() => {
    if (sampling || child.pid === undefined) return;
    sampling = true;
    void rssOf(child.pid)
      .then((rss) => {
        if (rss !== undefined) lastRss = rss;
        if (rss !== undefined && rss > limitBytes && !overLimit && child.exitCode === null) {
          overLimit = true;
          child.kill('SIGKILL');
        }
      })
      .finally(() => (sampling = false));
  }, limits.sampleMs ?? DEFAULT_SAMPLE_MS);
  // The child itself keeps the server alive while it runs; its watchdog need not.
  sampler.unref();

  const ended = new Promise<ChildEnd>((resolve) => {
    child.once('close', (code, signal) => {
      clearInterval(sampler);
      if (overLimit || HEAP_EXHAUSTED.test(stderr)) resolve({ outOfMemory: true });
      else resolve({ outOfMemory: false, code, signal, detail: lastLine(stderr) });
    });
  });

  return {
    pid: child.pid,
    get rssBytes() {
      return lastRss;
    },
    ended,
    send: (message) => {
      if (!child.connected) return false;
      child.send(message as object, (error) => error && undefined);
      return true;
    },
    onMessage: (listener) => child.on('message', listener),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
      (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    },
  };
}

/** The resident set of a process in bytes (Linux /proc); undefined where it cannot be read. */
async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  ).slice(0, 200);
}
