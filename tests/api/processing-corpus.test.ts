import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.js';
import { insertStoredResource, jobOf } from './helpers/processing.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Every real PDF of ../shared/corpus (public files no one on the team made: odd, broken, CJK,
 * scanned) through processing, OCR off to keep it short: none is lost or hangs, and the server
 * answers throughout.
 */
describe(`processing the corpus (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default memory limit (the job's whole process, native memory included).
    t = await createTestApp({ OCR: 'off', PROCESSING_TIMEOUT_S: '30' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('indexes every corpus PDF, and draws a thumbnail for all that pdf.js can draw', async () => {
    const files = [
      ...(await readdir(corpusFile('pdfjs'))).map((name) => ['pdfjs', name] as const),
      ...(await readdir(corpusFile('scanned'))).map((name) => ['scanned', name] as const),
    ].filter(([, name]) => name.endsWith('.pdf'));
    const ids = new Map<string, string>();
    for (const [folder, name] of files) ids.set(await insertStoredResource(t, await readFile(corpusFile(folder, name)), name), name);

    let slowest = 0;
    const probe = setInterval(() => {
      const started = Date.now();
      void t.app.inject({ method: 'GET', url: '/healthz' }).then(() => (slowest = Math.max(slowest, Date.now() - started)));
    }, 200);
    const started = Date.now();
    let outcomes;
    try {
      // A scan with more pages to OCR than a pass reads is 'continued' before it is done.
      outcomes = (await t.services.processingRunner.runUntilIdle()).filter((o) => o.outcome !== 'continued');
    } finally {
      clearInterval(probe);
    }
    const summary = outcomes.map((o) => `${ids.get(o.resourceId)}: ${o.outcome}${o.reason ? ` (${o.reason})` : ''}`);
    console.log(`${files.length} corpus files in ${Math.round((Date.now() - started) / 1000)} s; slowest /healthz ${slowest} ms\n${summary.join('\n')}`);
    expect(outcomes).toHaveLength(files.length);
    for (const outcome of outcomes) {
      expect(['done', 'failed'], ids.get(outcome.resourceId)).toContain(outcome.outcome);
      const job = await jobOf(t, outcome.resourceId);
      expect(job?.status).toBe(outcome.outcome);
      if (outcome.outcome === 'failed') expect(job?.last_error).toBeTruthy();
    }
    // Every one is read; two have no thumbnail: operator_list_cycle.pdf, whose first page never
    // finishes drawing (the viewer times out on it too), and tiling-pattern-box.pdf, whose pattern
    // needs more than the memory limit to draw. Their jobs say why.
    expect(summary.filter((line) => !line.endsWith(': done'))).toEqual([]);
    const withoutThumbnail = await t.db.kysely
      .selectFrom('resource')
      .innerJoin('processing_job', 'processing_job.resource_id', 'resource.id')
      .select(['original_name', 'last_error'])
      .where('thumbnail_key', 'is', null)
      .orderBy('original_name')
      .execute();
    expect(withoutThumbnail).toEqual([
      { original_name: 'operator_list_cycle.pdf', last_error: expect.stringMatching(/^Indexed without a thumbnail: (Took longer than 30 s|Ran out of memory \(limit 512 MB\))$/) },
      { original_name: 'tiling-pattern-box.pdf', last_error: 'Indexed without a thumbnail: Ran out of memory (limit 512 MB)' },
    ]);
    expect(slowest).toBeLessThan(2_000);
  }, 600_000);
});
