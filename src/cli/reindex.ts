import type { Services } from '../server/services.js';
import type { JobOutcome } from '../server/modules/processing/processing-outcome.js';

export interface ReindexSummary {
  total: number;
  done: number;
  failed: Array<{ resourceId: string; reason: string }>;
}

/** Where progress goes: a terminal gets one line redrawn in place, anything else plain lines. */
export interface ProgressOutput {
  write(text: string): void;
  isTTY?: boolean;
}

const BAR_WIDTH = 30;

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** "[#####.....] 12/40 resources, ETA 3m 05s" */
export function progressLine(finished: number, total: number, elapsedMs: number, unit = 'resources'): string {
  const share = total ? finished / total : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const eta = finished && finished < total ? `, ETA ${duration((elapsedMs / finished) * (total - finished))}` : '';
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${finished}/${total} ${unit}${eta}`;
}

/**
 * `npm run admin -- reindex`: every resource back in line, then processed here (text, OCR,
 * thumbnail, index) with the server's limits, printing progress and an ETA on `output`.
 * A server running at the same time takes its share of the jobs; each runs once.
 */
export async function reindex(services: Pick<Services, 'processing' | 'processingRunner'>, output: ProgressOutput): Promise<ReindexSummary> {
  const total = await services.processing.enqueueAll();
  const summary: ReindexSummary = { total, done: 0, failed: [] };
  const started = Date.now();
  let finished = 0;
  let lastPlain = 0;
  let lastLine = '';
  const show = (final = false) => {
    const line = progressLine(finished, total, Date.now() - started);
    if (output.isTTY) output.write(`\r${line}\u001b[K${final ? '\n' : ''}`);
    else if (line !== lastLine && (final || Date.now() - lastPlain >= 2_000)) {
      lastPlain = Date.now();
      lastLine = line;
      output.write(line + '\n');
    }
  };
  show();
  const onJob = (outcome: JobOutcome) => {
    if (outcome.outcome === 'done') summary.done++;
    else if (outcome.outcome === 'failed') summary.failed.push({ resourceId: outcome.resourceId, reason: outcome.reason ?? 'unknown' });
    else return; // retried later in this run, or taken by another process
    finished++;
    show();
  };
  await services.processingRunner.runUntilIdle(onJob);
  // Jobs due for a retry later: wait for them, so the summary is complete.
  for (let round = 0; round < 10 && (await services.processing.pendingCount()) > 0; round++) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await services.processingRunner.runUntilIdle(onJob);
  }
  show(true);
  return summary;
}

export function summaryText(summary: ReindexSummary): string {
  const lines = [`Reindexed ${summary.total} resource(s): ${summary.done} done, ${summary.failed.length} failed.`];
  for (const { resourceId, reason } of summary.failed) lines.push(`  failed ${resourceId}: ${reason}`);
  return lines.join('\n') + '\n';
}
