import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { testDialect } from './helpers/test-app.js';
import { createPostgresDatabase } from './helpers/test-database.js';

/**
 * Several instances started at once on a fresh PostgreSQL database all migrate it: each must
 * succeed (none fails on "relation already exists"), and the schema is made once.
 */
describe.skipIf(testDialect !== 'postgres')('migrations started by three instances at once', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const dbs: Db[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    for (let i = 0; i < 3; i++) dbs.push(createDb({ dialect: 'postgres', url: database.url }));
  });

  afterAll(async () => {
    for (const db of dbs) await db.close();
    await database?.drop();
  });

  it('all succeed, each migration is applied once, and the schema is complete', async () => {
    const outcomes = await Promise.allSettled(dbs.map((db) => migrateToLatest(db)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const applied = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value : []));
    const recorded = await dbs[0]!.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    // Exactly one instance applied each migration; the others found nothing left to do.
    expect(applied.sort()).toEqual(recorded.map((r) => (r as { name: string }).name).sort());
    expect(new Set(applied).size).toBe(applied.length);
    const tables = await dbs[0]!.kysely
      .selectFrom('information_schema.tables' as never)
      .select('table_name' as never)
      .where('table_schema' as never, '=', 'public' as never)
      .execute();
    const names = tables.map((t) => (t as { table_name: string }).table_name);
    for (const table of ['user', 'session', 'account', 'verification', 'resource', 'processing_job', 'rate_limit_bucket']) {
      expect(names).toContain(table);
    }
    // Started again (a restart), nothing is left to apply.
    expect(await migrateToLatest(dbs[1]!)).toEqual([]);
  });
});
