import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`health and migrations (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports liveness and readiness', async () => {
    const live = await t.api.get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.api.get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  it('migrates idempotently: a second run applies nothing and keeps the seeded rows', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
    const branches = await t.db.kysely.selectFrom('branch').select(t.db.kysely.fn.countAll().as('n')).executeTakeFirst();
    const subjects = await t.db.kysely.selectFrom('subject').select(t.db.kysely.fn.countAll().as('n')).executeTakeFirst();
    expect(Number(branches?.n)).toBe(6);
    expect(Number(subjects?.n)).toBe(32);
  });

  it('enforces the subject -> branch foreign key', async () => {
    await expect(
      t.db.kysely.insertInto('subject').values({ branch_id: 'nope', semester: 1, name: 'Ghost' }).execute(),
    ).rejects.toThrow();
  });
});

describe(`readiness without a database (${testDialect})`, () => {
  it('answers 503 from /readyz once the database is gone, and /healthz stays up', async () => {
    const t = await createTestApp();
    try {
      await t.db.close();
      const ready = await t.api.get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', storage: 'ok' });
      expect(ready.json().reason).toBe('Not ready: the database does not answer.');
      expect((await t.api.get('/healthz')).statusCode).toBe(200);
    } finally {
      t.db.close = async () => {};
      await t.close();
    }
  });
});
