import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { headerOcrWorkerFile } from '../../project-paths.js';
import { HeaderOcrPool, type HeaderOcrLimits } from './header-ocr-pool.js';

// Strips are read in child processes of the bundled worker, built by the test run's global set-up (tests/support/build-workers.ts).
describe('HeaderOcrPool', () => {
  /** The top of the corpus scan ANLP_mid_2023_M.pdf's page 1, as batch upload renders it. */
  const strip = readFileSync(new URL('../../../../tests/fixtures/header-strips/anlp-mid-2023.jpg', import.meta.url));
  let pool: HeaderOcrPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });
  const open = (limits: Partial<HeaderOcrLimits> = {}) =>
    (pool = new HeaderOcrPool(headerOcrWorkerFile(), { concurrency: 1, queue: 1, timeoutMs: 30_000, memoryMb: 384, ...limits }));

  it("reads a scan's header, one strip at a time, and answers nothing at once past its queue", async () => {
    open();
    const reads = [pool!.read(strip, 190), pool!.read(strip, 190), pool!.read(strip, 190)];
    // The third finds one strip running and one waiting: it is not read.
    expect(await reads[2]).toEqual({ unread: 'busy' });
    const [first, second] = await Promise.all(reads.slice(0, 2));
    expect(first).toEqual({ text: expect.stringContaining('Advanced Natural Language Processing') });
    expect(first).toEqual({ text: expect.stringMatching(/Sep 22, 2023/) });
    expect(second).toEqual(first);
  });

  it('answers nothing for a strip over its time or its memory, and reads the next one afresh', async () => {
    open({ timeoutMs: 50 });
    expect(await pool!.read(strip, 190)).toEqual({ unread: 'failed' });
    await pool!.close();
    // Node alone needs more than this: the process is killed before it reads a word.
    open({ memoryMb: 16 });
    expect(await pool!.read(strip, 190)).toEqual({ unread: 'failed' });
    await pool!.close();
    open();
    expect(await pool!.read(strip, 190)).toEqual({ text: expect.stringContaining('Mid Semester Exam') });
  });
});
