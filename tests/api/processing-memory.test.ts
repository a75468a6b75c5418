import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { corpusFile } from '../support/corpus.js';
import { makeDecompressionBomb } from '../support/pdf-bomb.js';
import { insertStoredResource, jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const MB = 1024 * 1024;
/**
 * What the server's own RSS may grow by while one file is processed or checked: the file's
 * bytes, the results and the IPC buffers. Before processing moved to a child process these
 * files took the server's RSS up by gigabytes (pdf.js's and the canvas's native memory).
 */
const SERVER_GROWTH_LIMIT_MB = 100;
/** The same for one upload's check (before: +35 MB for issue3928.pdf, which it then refused). */
const CHECK_GROWTH_LIMIT_MB = 25;

/** The peak RSS of this process (the server under test) above its level at the start of `work`. */
async function serverGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - baseline) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** Issue 32 finding 0: a file's native memory is bounded in its own process, not the server's. */
describe(`processing memory stays out of the server (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // The default memory limits; a short time limit so the page that never ends is cut off soon.
    t = await createTestApp({ OCR: 'off', PROCESSING_TIMEOUT_S: '20' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('operator_list_cycle.pdf: the server grows by little, the text is kept, no thumbnail', async () => {
    const id = await insertStoredResource(t, await readFile(corpusFile('pdfjs', 'operator_list_cycle.pdf')), 'operator_list_cycle.pdf');
    const { result, growthMb } = await serverGrowthDuring(() => t.services.processingRunner.runUntilIdle());
    console.log(`operator_list_cycle.pdf: server RSS +${Math.round(growthMb)} MB; ${JSON.stringify(result)}`);
    expect(await jobOf(t, id)).toMatchObject({
      status: 'done',
      last_error: expect.stringMatching(/^Indexed without a thumbnail: (Took longer than 20 s|Ran out of memory \(limit 512 MB\))$/),
    });
    expect((await pagesOf(t, id)).length).toBeGreaterThan(0);
    const row = await t.db.kysely.selectFrom('resource').select('thumbnail_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.thumbnail_key).toBeNull();
    expect(growthMb).toBeLessThan(SERVER_GROWTH_LIMIT_MB);
    expect((await t.api.get('/healthz')).statusCode).toBe(200);
    // The upload test below sends the same bytes.
    await t.db.kysely.deleteFrom('resource').where('id', '=', id).execute();
  }, 120_000);

  it('tiling-pattern-box.pdf: the server grows by little while it is processed', async () => {
    const id = await insertStoredResource(t, await readFile(corpusFile('pdfjs', 'tiling-pattern-box.pdf')), 'tiling-pattern-box.pdf');
    // The upload test below sends the same bytes: the row goes whatever this test finds.
    onTestFinished(() => t.db.kysely.deleteFrom('resource').where('id', '=', id).execute().then(() => undefined));
    const { result, growthMb } = await serverGrowthDuring(() => t.services.processingRunner.runUntilIdle());
    console.log(`tiling-pattern-box.pdf: server RSS +${Math.round(growthMb)} MB; ${JSON.stringify(result)}`);
    expect(result.map((o) => o.resourceId)).toEqual([id]);
    // Its text is read; drawing its tiling pattern needs more than the limit (or, on a loaded
    // machine, more than the time limit): no thumbnail.
    expect(await jobOf(t, id)).toMatchObject({
      status: 'done',
      last_error: expect.stringMatching(/^Indexed without a thumbnail: (Took longer than 20 s|Ran out of memory \(limit 512 MB\))$/),
    });
    expect((await pagesOf(t, id)).length).toBeGreaterThan(0);
    expect(growthMb).toBeLessThan(SERVER_GROWTH_LIMIT_MB);
  }, 120_000);

  it('the upload check accepts issue3928.pdf and refuses a bomb, neither growing the server', async () => {
    const cr = await signedIn(t, 'CR');
    const files = [
      ...(await Promise.all(['issue3928.pdf', 'tiling-pattern-box.pdf', 'operator_list_cycle.pdf'].map(async (name) => ({ name, bytes: await readFile(corpusFile('pdfjs', name)) })))),
      { name: 'bomb.pdf', bytes: await makeDecompressionBomb(600) },
    ];
    const statuses: Record<string, number> = {};
    for (const file of files) {
      const { result: res, growthMb } = await serverGrowthDuring(() => upload(t, cr.cookie, { file }));
      console.log(`upload check of ${file.name}: ${res.statusCode}, server RSS +${Math.round(growthMb)} MB`);
      statuses[file.name] = file.name === 'bomb.pdf' ? res.json().code : res.statusCode;
      expect(growthMb, file.name).toBeLessThan(CHECK_GROWTH_LIMIT_MB);
    }
    // issue3928.pdf declares a font 256 GB long; pdf.js reads it without that font, so does the check.
    expect(statuses).toEqual({ 'issue3928.pdf': 201, 'tiling-pattern-box.pdf': 201, 'operator_list_cycle.pdf': 201, 'bomb.pdf': 'PDF_TOO_COMPLEX' });
  }, 120_000);
});
