import type { FastifyBaseLogger } from 'fastify';

const HOUR = 60 * 60_000;

/** What the sweep removes, as the log names it ("temporary upload files"), and the sweep. */
export type FileSweep = readonly [what: string, sweep: () => Promise<number>];

/**
 * Runs the stored-file sweeps (orphaned resources and screenshots, temporary files of uploads cut
 * off mid-way) at start-up and then every `intervalMs`, so a file left by a crash or a kill -9 is
 * gone within two hours of becoming safe to remove, not only at the next restart. Each sweep runs
 * on its own: one that fails is logged and the others still run. The timer is unref'd; the
 * returned function stops it. Start-up does not wait for the first run.
 */
export function startFileSweeps(sweeps: readonly FileSweep[], log: FastifyBaseLogger, intervalMs = HOUR): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const [what, sweep] of sweeps) {
        try {
          const removed = await sweep();
          if (removed) log.info({ removed, what }, 'file sweep removed entries');
        } catch (error) {
          log.error({ err: error, what }, 'orphan sweep failed');
        }
      }
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
