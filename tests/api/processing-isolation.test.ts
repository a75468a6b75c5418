import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../src/server/services.js';
import { createDb } from '../../src/server/db/database.js';
import { ConsoleMailer } from '../../src/server/mail/console-mailer.js';
import { ProcessingJobRepository } from '../../src/server/modules/processing/processing-job.repository.js';
import type { JobOutcome } from '../../src/server/modules/processing/processing-outcome.js';
import { corpusFile } from '../support/corpus.js';
import { makeDecompressionBomb } from '../support/pdf-bomb.js';
import { makePdf } from '../support/pdf-fixture.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { insertStoredResource, jobOf, pagesOf } from './helpers/processing.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const MB = 1024 * 1024;

/** A PDF that crashes, hangs or balloons its worker fails alone; leases survive dead processes. */
describe(`processing isolation and leases (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Small limits, so the bomb and the endless page trip them quickly.
    t = await createTestApp({ OCR: 'off', PROCESSING_MEMORY_MB: '128', PROCESSING_TIMEOUT_S: '8', PROCESSING_CONCURRENCY: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails a malformed PDF and a decompression bomb with their reasons, keeps the text of a page that never ends, while another resource is processed', async () => {
    const malformed = await insertStoredResource(t, Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(200)), 'malformed.pdf');
    const bomb = await insertStoredResource(t, await makeDecompressionBomb(600), 'bomb.pdf');
    const endless = await insertStoredResource(t, await readFile(corpusFile('pdfjs', 'operator_list_cycle.pdf')), 'cycle.pdf');
    const normal = await insertStoredResource(t, makePdf({ pages: 2, text: 'Normal paper beside the bomb' }), 'normal.pdf', 2);

    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
    let outcomes: JobOutcome[];
    try {
      outcomes = await t.services.processingRunner.runUntilIdle();
    } finally {
      clearInterval(sampler);
    }
    const byId = new Map(outcomes.map((o) => [o.resourceId, o]));
    expect(byId.get(normal)?.outcome).toBe('done');
    expect((await pagesOf(t, normal)).map((p) => p.body)).toEqual(['Normal paper beside the bomb - Page 1', 'Normal paper beside the bomb - Page 2']);

    expect(await jobOf(t, malformed)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/^pdf\.js could not open the file/) });
    expect(await jobOf(t, bomb)).toMatchObject({ status: 'failed', last_error: 'Ran out of memory (limit 128 MB)' });
    for (const id of [malformed, bomb]) expect(await pagesOf(t, id)).toEqual([]);
    // Its text is read; drawing its first page never ends: indexed, with no thumbnail and the reason.
    expect(await jobOf(t, endless)).toMatchObject({
      status: 'done',
      last_error: expect.stringMatching(/^Indexed without a thumbnail: (Took longer than 8 s|Ran out of memory \(limit 128 MB\))$/),
    });
    expect((await pagesOf(t, endless)).length).toBeGreaterThan(0);
    const cycle = await t.db.kysely.selectFrom('resource').select('thumbnail_key').where('id', '=', endless).executeTakeFirstOrThrow();
    expect(cycle.thumbnail_key).toBeNull();
    // 600 MB inflated in this process before; now at most the workers' limits, in their threads.
    expect((peak - baseline) / MB).toBeLessThan(500);
    // The server still answers.
    expect((await t.api.get('/healthz')).statusCode).toBe(200);
  }, 120_000);

  it('retries a storage read failure with backoff, then fails it after 3 attempts', async () => {
    const id = await insertStoredResource(t, makePdf({ text: 'Soon gone' }), 'gone.pdf');
    const row = await t.db.kysely.selectFrom('resource').select('file_key').where('id', '=', id).executeTakeFirstOrThrow();
    await t.fileStore.delete(row.file_key);
    const runner = t.services.processingRunner;
    const first = await runner.runUntilIdle();
    expect(first).toEqual([{ resourceId: id, outcome: 'retry', reason: expect.stringMatching(/^Could not read the stored file/) }]);
    const job = await jobOf(t, id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(job!.next_attempt_at) - Date.now()).toBeGreaterThan(5_000);
    // Not due yet: nothing runs.
    expect(await runner.runUntilIdle()).toEqual([]);
    for (const attempt of [2, 3]) {
      await t.db.kysely.updateTable('processing_job').set({ next_attempt_at: new Date(0).toISOString() }).where('resource_id', '=', id).execute();
      const [outcome] = await runner.runUntilIdle();
      expect(outcome?.outcome).toBe(attempt === 3 ? 'failed' : 'retry');
    }
    expect(await jobOf(t, id)).toMatchObject({ status: 'failed', attempts: 3, last_error: expect.stringMatching(/^Could not read the stored file/) });
  });

  it('finishes exactly once a job whose process died holding its lease', async () => {
    const id = await insertStoredResource(t, makePdf({ pages: 2, text: 'Interrupted by a restart' }), 'restart.pdf', 2);
    const jobs = new ProcessingJobRepository(t.db);
    // A process claims it and is killed (kill -9): the row stays running under its lease.
    const dead = await jobs.claimOne(new Date(), 60_000, 'dead-process:1');
    expect(dead?.resourceId).toBe(id);
    const runner = t.services.processingRunner;
    expect(await runner.runUntilIdle()).toEqual([]);
    // The lease lapses (as after its time), and the restarted server takes the job over.
    await t.db.kysely.updateTable('processing_job').set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where('resource_id', '=', id).execute();
    expect(await runner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);
    expect(await jobOf(t, id)).toMatchObject({ status: 'done', attempts: 2, pages_done: 2 });
    // Had the old process come back to life, it could finish nothing.
    expect(await jobs.markDone(dead!, 2, new Date())).toBe(false);
    expect(await jobs.markFailed(dead!, 'late', new Date())).toBe(false);
    expect(await jobOf(t, id)).toMatchObject({ status: 'done', last_error: null });
    expect((await pagesOf(t, id)).map((p) => p.page)).toEqual([1, 2]);
    expect(await runner.runUntilIdle()).toEqual([]);
  });

  it('gives up on a job whose process died holding it three times, without running it again', async () => {
    const id = await insertStoredResource(t, makePdf({ text: 'Kills its server' }), 'killer.pdf');
    const lapsed = new Date(Date.now() - 1000).toISOString();
    await t.db.kysely.updateTable('processing_job').set({ status: 'running', attempts: 3, locked_by: 'dead:3', locked_until: lapsed }).where('resource_id', '=', id).execute();
    const reason = 'Interrupted 3 times (the server stopped while processing it)';
    expect(await t.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'failed', reason }]);
    expect(await jobOf(t, id)).toMatchObject({ status: 'failed', attempts: 4, last_error: reason });
    expect(await pagesOf(t, id)).toEqual([]);
  });

  it('two server processes sharing the database never process the same job twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await insertStoredResource(t, makePdf({ text: `Shared queue ${i}` }), `shared-${i}.pdf`));
    // A second "process": its own connection pool and services over the same database and files.
    const other = otherProcess({});
    try {
      const [mine, theirs] = await Promise.all([t.services.processingRunner.runUntilIdle(), other.services.processingRunner.runUntilIdle()]);
      const all = [...mine, ...theirs];
      expect(all.filter((o) => o.outcome !== 'done')).toEqual([]);
      expect(all.map((o) => o.resourceId).sort()).toEqual([...ids].sort());
      if (testDialect === 'postgres') expect(theirs.length).toBeGreaterThan(0);
      for (const id of ids) expect(await jobOf(t, id)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await other.close();
    }
  }, 120_000);

  /** Services of a second "process" over the same database and files, with its own limits. */
  function otherProcess(processing: { timeoutMs?: number; memoryMb?: number; ocr?: 'auto' | 'off'; ocrBudgetMs?: number }) {
    const db = createDb(t.config.database);
    const services = createServices({ config: t.config, db, mailer: new ConsoleMailer(() => {}), fileStore: t.fileStore, processing });
    return {
      services,
      async close() {
        await services.processingRunner.stop();
        await services.pdfInspection.close();
        await db.close();
      },
    };
  }

  it('stops a job at its time limit and says so', async () => {
    const id = await insertStoredResource(t, makePdf({ pages: 50, text: 'Too slow for its limit' }), 'slow.pdf', 50);
    // pdf.js alone takes longer than this to load in a fresh worker.
    const other = otherProcess({ timeoutMs: 50 });
    try {
      expect(await other.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'failed', reason: 'Took longer than 0.05 s' }]);
    } finally {
      await other.close();
    }
    expect(await jobOf(t, id)).toMatchObject({ status: 'failed', last_error: 'Took longer than 0.05 s' });
  });

  it('OCR starts no page once its share of the time limit is spent; the job still ends done', async () => {
    const id = await insertStoredResource(t, await makeScannedPdf('Late page'), 'late-scan.pdf');
    const other = otherProcess({ ocr: 'auto', ocrBudgetMs: 0 });
    try {
      expect(await other.services.processingRunner.runUntilIdle()).toEqual([{ resourceId: id, outcome: 'done' }]);
    } finally {
      await other.close();
    }
    expect(await pagesOf(t, id)).toEqual([{ page: 1, body: '', ocr: 0 }]);
  });

  it('a shutdown gives the job under way back to the queue', async () => {
    // Seconds of parsing (decision 010), well within these limits.
    const id = await insertStoredResource(t, await readFile(corpusFile('pdfjs', 'bug1978317.pdf')), 'slow-parse.pdf');
    const other = otherProcess({ timeoutMs: 60_000, memoryMb: 512 });
    try {
      const running = other.services.processingRunner.runUntilIdle();
      await expect.poll(async () => (await jobOf(t, id))?.status, { timeout: 10_000, interval: 20 }).toBe('running');
      await other.services.processingRunner.stop();
      expect(await running).toEqual([{ resourceId: id, outcome: 'stopped' }]);
      expect(await jobOf(t, id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });
    } finally {
      await other.close();
    }
    await t.db.kysely.deleteFrom('resource').where('id', '=', id).execute();
  });
});
