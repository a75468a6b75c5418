import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makePdf } from '../support/pdf-fixture.js';
import { login } from './helpers/accounts.js';
import { insertStoredResource } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Two instances on one PostgreSQL database, as behind a load balancer: what one changes, the
 * other's memoised lists and searches show at once (db/change-bus.ts, decision 019). SQLite has
 * one process by design, so this runs on PostgreSQL only.
 */
describe.skipIf(testDialect !== 'postgres')('two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let crOnA: string;
  let adminOnA: string;
  let studentOnB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareDatabaseWith: a });
    crOnA = (await signedIn(a, 'CR')).cookie;
    const admin = await signedIn(a, 'ADMIN');
    adminOnA = admin.cookie;
    // Accounts live in the database: one made on A signs in on B.
    const student = await signedIn(a, 'STUDENT');
    studentOnB = (await login(b.app, student.user.email)).cookie;
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const browseOnB = async (query = 'branch=cse&semester=3') => {
    const res = await b.api.get(`/api/resources?${query}`, { as: studentOnB });
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; resources: Array<{ id: string; subject: string }> };
  };

  it("shows A's upload in B's cached list at once, and drops A's delete from B's browse and search", async () => {
    const before = await browseOnB();
    // Asked twice: the second answer comes from B's memo.
    expect((await browseOnB()).total).toBe(before.total);
    const subject = 'Quasicrystal Lattices';
    const searchOnB = () => browseOnB(`q=${encodeURIComponent('quasicrystal')}`);
    expect((await searchOnB()).total).toBe(0);

    const uploaded = await upload(a, crOnA, { fields: { subject } });
    expect(uploaded.statusCode).toBe(201);
    const id = (uploaded.json() as { resource: { id: string } }).resource.id;

    const after = await browseOnB();
    expect(after.total).toBe(before.total + 1);
    expect(after.resources.map((r) => r.id)).toContain(id);
    // Page 0 (subject and file name) is written with the upload: found by its subject at once.
    expect((await searchOnB()).resources.map((r) => r.id)).toEqual([id]);

    const deleted = await a.api.delete(`/api/resources/${id}`, { as: adminOnA });
    expect(deleted.statusCode).toBe(200);
    const gone = await browseOnB();
    expect(gone.total).toBe(before.total);
    expect(gone.resources.map((r) => r.id)).not.toContain(id);
    expect((await searchOnB()).total).toBe(0);
  });

  it('answers a publish once the other instance confirmed, well before the 1 s limit', async () => {
    const started = performance.now();
    await a.db.changes.publish('search');
    // Without B's confirmation the publish would wait the whole second.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("applies an abbreviation saved on A to B's next search", async () => {
    const uploaded = await upload(a, crOnA, { fields: { subject: 'Zymurgy Fundamentals' } });
    expect(uploaded.statusCode).toBe(201);
    expect((await browseOnB('q=zyf')).total).toBe(0);
    const saved = await a.api.put('/api/admin/aliases', { alias: 'ZYF', subject: 'Zymurgy Fundamentals' }, { as: adminOnA });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await browseOnB('q=zyf')).resources.map((r) => r.subject)).toEqual(['Zymurgy Fundamentals']);
  });

  it('forgets everything after its listener reconnects, since notifications may have been missed', async () => {
    // A filter no test asked before: its memo is fresh, and would expire only 10 s from now.
    const filter = 'branch=cse&semester=3&resourceType=NOTES';
    const before = await browseOnB(filter);
    // Written without a notification, as if it had been sent while B's listener was down.
    const id = await insertStoredResource(a, makePdf({ text: `missed ${Date.now()}` }), 'missed.pdf');
    expect((await browseOnB(filter)).total).toBe(before.total);

    const started = Date.now();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'studyshelf-change-bus' and datname = current_database()`.execute(b.db.kysely);
    let seen = false;
    while (!seen && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = (await browseOnB(filter)).resources.some((r) => r.id === id);
    }
    // The memo's own expiry (10 s) would show it too, later: within 5 s it is the reconnect.
    expect(seen).toBe(true);
  });
});
