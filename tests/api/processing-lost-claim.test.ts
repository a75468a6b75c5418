import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A claim is two statements: the job row is taken, then its resource read. When the database
 * fails between them (here: the resource table is renamed away for a few seconds), the job is
 * taken but no slot holds it. The runner puts it back in line once the database answers again,
 * instead of leaving it "running" until its lease lapses minutes later (issue 32).
 */
describe(`a claim whose answer was lost (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ OCR: 'off' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rename = (from: string, to: string) => sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(t.db.kysely);

  it('is released and processed once the database answers again, its attempt not counted', async () => {
    const cr = await signedIn(t, 'CR');
    const res = await upload(t, cr.cookie, { pdf: { pages: 2, text: 'Prim minimum spanning tree' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;

    const failures: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: object, msg: string) => void failures.push(msg) };
    await rename('resource', 'resource_away');
    try {
      t.services.processingRunner.start(log);
      // Taken, and no slot is working on it: the read of its resource failed.
      await expect.poll(async () => (await jobOf(t, id))?.status, { timeout: 10_000, interval: 20 }).toBe('running');
      // Put back and claimed again while the database still fails: the failure is not a one-off.
      await expect.poll(() => failures.filter((m) => m === 'processing queue could not be read').length, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    } finally {
      await rename('resource_away', 'resource');
    }
    const backAt = Date.now();
    await expect.poll(async () => (await jobOf(t, id))?.status, { timeout: 15_000, interval: 50 }).toBe('done');
    expect(Date.now() - backAt).toBeLessThan(15_000);
    expect(await jobOf(t, id)).toMatchObject({ status: 'done', attempts: 1, last_error: null, locked_by: null });
    expect((await pagesOf(t, id)).map((p) => p.body)).toEqual(['Prim minimum spanning tree - Page 1', 'Prim minimum spanning tree - Page 2']);
  }, 60_000);
});
