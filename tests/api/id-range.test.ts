import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/shared/admin.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * A numeric id beyond its column's range (PostgreSQL's integer ends at 2147483647) names no row:
 * 404 like any unknown id, not the database's "integer out of range" as a 500. A malformed id is
 * still a 400.
 */
describe(`ids out of the column's range (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const decision of ['approve', 'decline']) {
    it(`an admin-access request id beyond the range: ${decision} answers 404`, async () => {
      for (const id of ['2147483647', '2147483648', '9223372036854775808', '99999999999999999999999', '0', '00001']) {
        const res = await t.api.post(`/api/admin/admin-requests/${id}/${decision}`, undefined, { as: admin });
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: ADMIN_MESSAGES.requestNotFound });
      }
      for (const id of ['abc', '-1', '1.5', '1e3']) {
        const res = await t.api.post(`/api/admin/admin-requests/${id}/${decision}`, undefined, { as: admin });
        expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      }
    });
  }
});
