import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A PostgreSQL restart must not kill the server (issue 12, faults): connections the app holds
 * are terminated, new ones refused for a while; requests answer 503 meanwhile, /readyz says so,
 * and everything works again without a restart of the app.
 */
describe.runIf(testDialect === 'postgres')('PostgreSQL going away and coming back', () => {
  let t: TestApp;
  let admin: pg.Client;
  let database: string;
  let cookie: string;
  const escaped: unknown[] = [];
  const onEscaped = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedIn(t, 'STUDENT')).cookie;
    database = new URL((t.config.database as { url: string }).url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    process.on('uncaughtException', onEscaped);
    process.on('unhandledRejection', onEscaped);
  });
  afterAll(async () => {
    process.off('uncaughtException', onEscaped);
    process.off('unhandledRejection', onEscaped);
    await admin.query(`alter database ${database} allow_connections true`).catch(() => undefined);
    await admin.end();
    await t.close();
  });

  const terminateAppConnections = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  const browse = () => t.api.get('/api/resources', { as: cookie });
  const ready = () => t.api.get('/readyz');

  async function eventually<T>(attempt: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await attempt();
      if (ok(value) || Date.now() > end) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('survives its connections being terminated, held ones included, and recovers by itself', async () => {
    expect((await browse()).statusCode).toBe(200);
    // A connection checked out of the pool (a transaction in progress) and idle ones.
    const held = t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_sleep(30)`.execute(trx);
      })
      .then(
        () => 'finished',
        (error: unknown) => error,
      );
    await eventually(
      async () => (await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%pg_sleep%'", [database])).rows[0].n,
      (n) => n > 0,
    );
    await terminateAppConnections();
    expect(await held).toBeInstanceOf(Error);

    const during = await browse();
    expect([200, 503]).toContain(during.statusCode);
    const after = await eventually(browse, (res) => res.statusCode === 200);
    expect(after.statusCode, after.body).toBe(200);
    expect((await ready()).statusCode).toBe(200);
    // Give any error event on a dropped client time to surface.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(escaped).toEqual([]);
  });

  it('answers 503 with a clear message while the database refuses connections, and /readyz says so', async () => {
    await admin.query(`alter database ${database} allow_connections false`);
    try {
      await terminateAppConnections();
      const res = await eventually(browse, (r) => r.statusCode === 503);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(res.json().message).toBe('The database is unavailable right now. Please try again in a moment.');
      expect(res.body).not.toMatch(/pg_|terminat|accepting/i);
      const login = await t.api.post('/api/auth/login', {
        email: `a@${t.config.public.institutionEmailDomain}`,
        password: 'Wrong-password-1',
      });
      expect(login.statusCode, login.body).toBe(503);
      const readiness = await ready();
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await admin.query(`alter database ${database} allow_connections true`);
    }
    expect((await eventually(browse, (r) => r.statusCode === 200)).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
    expect(escaped).toEqual([]);
  });
});
