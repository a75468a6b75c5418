import { describe, expect, it } from 'vitest';
import { fileLine, summaryLine } from './archive-import.js';

describe('import output', () => {
  it('says per file what happened, or would, and why', () => {
    expect(fileLine({ file: 'a.pdf', outcome: 'imported', reason: 'DS Notes' }, false)).toBe('imported   a.pdf - DS Notes');
    expect(fileLine({ file: 'a.pdf', outcome: 'imported' }, true)).toBe('would import  a.pdf');
    expect(fileLine({ file: 'b.pdf', outcome: 'refused', reason: 'Please upload PDF files only' }, true)).toBe('refused       b.pdf - Please upload PDF files only');
  });

  it('ends with the counts, and after a stop says how to finish', () => {
    const summary = { dryRun: true, total: 6, imported: 3, duplicate: 1, refused: 2, stopped: false, results: [] };
    expect(summaryLine(summary)).toBe('Dry run, nothing written: 3 would be imported, 1 skipped as duplicate, 2 refused (6 of 6 files).');
    expect(summaryLine({ ...summary, dryRun: false, imported: 1, duplicate: 0, refused: 0, stopped: true })).toBe(
      '1 imported, 0 skipped as duplicate, 0 refused (1 of 6 files).\nStopped before the rest; run the same command again to import it (nothing is imported twice).',
    );
  });
});
