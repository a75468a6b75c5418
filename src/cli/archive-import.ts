import type { ArchiveImportService, ImportFileResult, ImportOptions, ImportSummary } from '../server/modules/resources/archive-import.service.js';
import { progressLine, type ProgressOutput } from './reindex.js';

/** What `npm run admin -- import` reads from its command line (parseArgs values). */
export interface ImportArgs {
  dir: string;
  manifest?: string;
  pattern?: string;
  as?: string;
  dryRun: boolean;
  allowNearDuplicates: boolean;
  /** --course, --branch, --semester, --type, --academic-year */
  defaults: Record<string, string>;
}

const LABELS: Record<ImportFileResult['outcome'], [real: string, dry: string]> = {
  imported: ['imported ', 'would import'],
  duplicate: ['duplicate', 'duplicate   '],
  refused: ['refused  ', 'refused     '],
};

export function fileLine(result: ImportFileResult, dryRun: boolean): string {
  return `${LABELS[result.outcome][dryRun ? 1 : 0]}  ${result.file}${result.reason ? ` - ${result.reason}` : ''}`;
}

export function summaryLine(summary: ImportSummary): string {
  const seen = summary.imported + summary.duplicate + summary.refused;
  const counts = `${summary.imported} ${summary.dryRun ? 'would be imported' : 'imported'}, ${summary.duplicate} skipped as duplicate, ${summary.refused} refused`;
  const head = `${summary.dryRun ? 'Dry run, nothing written: ' : ''}${counts} (${seen} of ${summary.total} files).`;
  return summary.stopped ? `${head}\nStopped before the rest; run the same command again to import it (nothing is imported twice).` : head;
}

/**
 * `npm run admin -- import DIR`: one line per file on stdout; on a terminal also a progress bar
 * with an ETA on stderr, cleared around each line. Ctrl-C stops after the file under way.
 */
export async function runImport(service: ArchiveImportService, args: ImportArgs, out: ProgressOutput, err: ProgressOutput): Promise<ImportSummary> {
  const uploader = await service.uploader(args.as);
  const stop = new AbortController();
  const onSignal = () => {
    err.write('\nStopping after the file under way (Ctrl-C again to quit at once)...\n');
    stop.abort();
    process.off('SIGINT', onSignal);
  };
  process.on('SIGINT', onSignal);
  const bar = !!(out.isTTY && err.isTTY);
  let total = 0;
  let done = 0;
  const started = Date.now();
  const draw = () => err.write(`\r${progressLine(done, total, Date.now() - started, 'files')}\u001b[K`);
  const options: ImportOptions = {
    dir: args.dir,
    source: args.manifest ? { manifest: args.manifest } : args.pattern ? { pattern: args.pattern } : undefined,
    defaults: args.defaults,
    dryRun: args.dryRun,
    uploader,
    confirmNearDuplicates: args.allowNearDuplicates,
    signal: stop.signal,
    onStart: (count) => {
      total = count;
      if (bar) draw();
    },
    onFile: (result) => {
      done++;
      if (bar) err.write('\r\u001b[K');
      out.write(fileLine(result, args.dryRun) + '\n');
      if (bar) draw();
    },
  };
  try {
    const summary = await service.run(options);
    if (bar) err.write('\n');
    out.write(summaryLine(summary) + '\n');
    return summary;
  } finally {
    process.off('SIGINT', onSignal);
  }
}
