import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../support/pdf-fixture.js';
import { login } from './helpers/accounts.js';
import { insertStoredResource } from './helpers/processing.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Two instances on one PostgreSQL database, as behind a load balancer: what one changes, the
 * other's cached lists and searches show at once, with no message between them: answers are
 * cached under the database's write version (decision 035). SQLite has one process by design, so
 * this runs on PostgreSQL only.
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

  it("applies an abbreviation saved on A to B's next search", async () => {
    const uploaded = await upload(a, crOnA, { fields: { subject: 'Zymurgy Fundamentals' } });
    expect(uploaded.statusCode).toBe(201);
    expect((await browseOnB('q=zyf')).total).toBe(0);
    const saved = await a.api.put('/api/admin/aliases', { alias: 'ZYF', subject: 'Zymurgy Fundamentals' }, { as: adminOnA });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await browseOnB('q=zyf')).resources.map((r) => r.subject)).toEqual(['Zymurgy Fundamentals']);
  });

  it('shows a resource written straight into the database, with no word to the instances, on the next request', async () => {
    const filter = 'branch=cse&semester=3&resourceType=NOTES';
    const before = await browseOnB(filter);
    expect((await browseOnB(filter)).total).toBe(before.total);
    // As a script or the CLI would write it: no instance is told anything.
    const id = await insertStoredResource(a, makePdf({ text: `unannounced ${Date.now()}` }), 'unannounced.pdf');
    const after = await browseOnB(filter);
    expect(after.total).toBe(before.total + 1);
    expect(after.resources.map((r) => r.id)).toContain(id);
  });
});
