import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../tests/support/corpus.js';
import { makeDecompressionBomb, makePageTreeFlood } from '../../../../tests/support/pdf-bomb.js';
import { makePdf } from '../../../../tests/support/pdf-fixture.js';
import { pdfWorkerFile } from '../../project-paths.js';
import { PdfInspectionPool, type PdfCheckLimits } from './pdf-inspection-pool.js';

// Each check runs in a child process of the bundled worker file, built by the test run's global set-up (tests/support/build-workers.ts).
describe('PdfInspectionPool', () => {
  let pool: PdfInspectionPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });
  const open = (limits: Partial<PdfCheckLimits> = {}) =>
    (pool = new PdfInspectionPool(pdfWorkerFile(), { concurrency: 2, memoryMb: 256, timeoutMs: 20_000, ...limits }));
  const fromBuffer = (bytes: Buffer) => async (start: number, end: number) => bytes.subarray(start, end + 1);
  const never = () => new Promise<Buffer>(() => undefined);

  it('reads a real PDF and reports its pages; refuses what has no PDF structure; a storage failure is an error', async () => {
    open().start();
    const pdf = makePdf({ pages: 4, text: 'worker check' });
    const verdict = await pool!.inspect(pdf.length, fromBuffer(pdf));
    expect(verdict).toMatchObject({ ok: true, pageCount: 4 });
    // The first three pages' text, for the near-duplicate check before saving; not the fourth's.
    const text = verdict.ok ? verdict.text : '';
    expect(text).toContain('worker check');
    expect(text).toContain('Page 3');
    expect(text).not.toContain('Page 4');
    const html = Buffer.from('<!doctype html><title>x</title>'.repeat(10));
    expect(await pool!.inspect(html.length, fromBuffer(html))).toEqual({ ok: false, reason: 'not-pdf' });
    await expect(pool!.inspect(pdf.length, async () => Promise.reject(new Error('disk gone')))).rejects.toThrow('disk gone');
    expect(await pool!.inspect(pdf.length, fromBuffer(pdf))).toMatchObject({ ok: true, pageCount: 4 });
  });

  it('reads only the ranges pdf.js needs: a 20 MB upload is never held whole (DESIGN.md §5 upload memory)', async () => {
    open();
    const pdf = makePdf({ pages: 3, exactBytes: 20 * 1024 * 1024 });
    let bytesRead = 0;
    const counting = async (start: number, end: number) => {
      bytesRead += end - start + 1;
      return pdf.subarray(start, end + 1);
    };
    expect(await pool!.inspect(pdf.length, counting)).toMatchObject({ ok: true, pageCount: 3 });
    expect(bytesRead).toBeLessThan(2 * 1024 * 1024);
  });

  it('checks a file whole when pdf.js stops getting its ranges, and still accepts it', async () => {
    open();
    const pdf = makePdf({ pages: 2, exactBytes: 3 * 1024 * 1024 });
    // The first read (the head) is answered; later small range reads are lost, as pdf.js 5.6 loses
    // replies to ranges it cancelled (issue15096.pdf); the whole-file reads (1 MB pieces) are answered.
    let reads = 0;
    const losing = (start: number, end: number) =>
      ++reads === 1 || end - start + 1 > 64 * 1024 ? Promise.resolve(pdf.subarray(start, end + 1)) : never();
    expect(await pool!.inspect(pdf.length, losing)).toMatchObject({ ok: true, pageCount: 2 });
    const issue15096 = await readFile(corpusFile('pdfjs', 'issue15096.pdf'));
    expect((await pool!.inspect(issue15096.length, fromBuffer(issue15096))).ok).toBe(true);
  });

  it('cuts off a check past its time limit as too complex; the next file gets a fresh worker', async () => {
    open({ timeoutMs: 300 });
    const pdf = makePdf({ pages: 2 });
    expect(await pool!.inspect(pdf.length, never)).toEqual({ ok: false, reason: 'too-complex' });
    expect(await pool!.inspect(pdf.length, fromBuffer(pdf))).toMatchObject({ ok: true, pageCount: 2 });
  });

  it('never shares a worker: a hung check does not hold up the next one, and the concurrency bound queues the rest', async () => {
    open({ concurrency: 2, timeoutMs: 60_000 });
    const pdf = makePdf({ pages: 3 });
    let hungSettled = false;
    const hung = pool!.inspect(pdf.length, never).finally(() => (hungSettled = true));
    expect(await pool!.inspect(pdf.length, fromBuffer(pdf))).toMatchObject({ ok: true, pageCount: 3 });
    // Two hung checks fill both places: a third waits in line until the pool shuts down.
    let queuedSettled = false;
    void pool!.inspect(pdf.length, never);
    const queued = pool!.inspect(pdf.length, fromBuffer(pdf)).then(
      () => (queuedSettled = true),
      () => (queuedSettled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([hungSettled, queuedSettled]).toEqual([false, false]);
    await pool!.close();
    await Promise.allSettled([hung, queued]);
  });

  it('stops a decompression bomb at its buffer budget, and a file that floods the heap at its heap limit', async () => {
    open({ concurrency: 1 });
    const bomb = await makeDecompressionBomb(400);
    expect(await pool!.inspect(bomb.length, fromBuffer(bomb))).toEqual({ ok: false, reason: 'too-complex' });
    const flood = makePageTreeFlood(1_500_000);
    expect(await pool!.inspect(flood.length, fromBuffer(flood))).toEqual({ ok: false, reason: 'too-complex' });
    const pdf = makePdf({ pages: 2 });
    expect(await pool!.inspect(pdf.length, fromBuffer(pdf))).toMatchObject({ ok: true, pageCount: 2 });
  }, 120_000);
});
