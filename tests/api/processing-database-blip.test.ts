import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOf, pagesOf } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A job whose worker finishes while PostgreSQL is away is written when the database is
 * back, not left "running" until its lease lapses minutes later (issue 32). SQLite is a file in
 * the process: it has no such outage.
 */
describe.runIf(testDialect === 'postgres')('a processing job caught by a database blip', () => {
  let t: TestApp;
  let admin: pg.Client;
  let observer: pg.Client;
  let database: string;

  beforeAll(async () => {
    t = await createTestApp({ OCR: 'off' });
    const url = (t.config.database as { url: string }).url;
    database = new URL(url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    // Opened before the outage and spared by it: how the test watches the job meanwhile.
    observer = new pg.Client({ connectionString: url });
    await observer.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${database} allow_connections true`).catch(() => undefined);
    await observer.end();
    await admin.end();
    await t.close();
  });

  const status = async (id: string) =>
    (await observer.query<{ status: string }>('select status from processing_job where resource_id = $1', [id])).rows[0]?.status;

  it('writes the outcome once the database answers again, long before the lease ends', async () => {
    const cr = await signedIn(t, 'CR');
    const res = await upload(t, cr.cookie, { pdf: { pages: 2, text: 'Bellman Ford relaxation' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;

    const waits: string[] = [];
    const log = { info: () => {}, warn: (_: object, msg: string) => void waits.push(msg), error: () => {} };
    t.services.processingRunner.start(log);
    await expect.poll(() => status(id), { timeout: 20_000, interval: 10 }).toBe('running');
    const observerPid = (await observer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await admin.query(`alter database ${database} allow_connections false`);
    let backAt: number;
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [database, observerPid]);
      // The worker (a 2-page text PDF, OCR off) ends while nothing can be written: the runner waits.
      const waiting = 'database unreachable; the job outcome will be written when it answers';
      await expect.poll(() => waits.includes(waiting), { timeout: 20_000, interval: 20 }).toBe(true);
    } finally {
      await admin.query(`alter database ${database} allow_connections true`);
      backAt = Date.now();
    }

    await expect.poll(() => status(id), { timeout: 10_000, interval: 20 }).toBe('done');
    expect(Date.now() - backAt).toBeLessThan(10_000);
    expect(await jobOf(t, id)).toMatchObject({ status: 'done', locked_by: null, pages_done: 2, attempts: 1 });
    expect((await pagesOf(t, id)).map((p) => p.body)).toEqual(['Bellman Ford relaxation - Page 1', 'Bellman Ford relaxation - Page 2']);
  }, 60_000);
});
