import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../../tests/support/pdf-fixture.js';
import { projectRoot } from '../../project-paths.js';
import { runInWorker } from './processing-worker-run.js';

/** The bundled worker (built by the test run's global set-up, tests/support/build-workers.ts). */
const workerFile = path.join(projectRoot(), 'dist', 'server', 'processing-worker.mjs');

describe('the processing worker on a born-digital file', () => {
  it('sends each page\'s words with their boxes from pdf.js, for the question splitter', async () => {
    const pdf = makePdf({ pages: 2, text: 'Q1. Define a stack', pageTexts: ['Q2. Define a queue'] });
    const outcome = await runInWorker(workerFile, pdf, { memoryMb: 512, timeoutMs: 60_000, ocr: 'off' }, () => {}).result;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const [first, second] = outcome.pages;
    expect(first).toMatchObject({ page: 1, ocr: false });
    expect(first!.lines!.map((line) => line.map((w) => w.text).join(' '))).toEqual(['Q1. Define a stack - Page 1', 'Q2. Define a queue']);
    // 72 pt from the left of a 595 pt page; the first line's baseline 720 pt up from the bottom.
    expect(first!.lines![0]![0]!.box[0]).toBeCloseTo(72 / 595, 3);
    expect(first!.lines![0]![0]!.box[3]).toBeGreaterThan(122 / 842);
    expect(second!.lines!.flat().map((w) => w.text)).toEqual(['Q1.', 'Define', 'a', 'stack', '-', 'Page', '2']);
  });
});
