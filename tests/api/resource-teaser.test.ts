import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Issue 34: a shared link opened signed out names the paper on the login page, and nothing more. */
describe(`a resource's teaser for a shared link (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a signed-out visitor with the title and type only', async () => {
    const res = await upload(t, admin.cookie, { fields: { subject: 'Fluid Mechanics', resourceType: 'PYQ', title: 'fm endsem' }, file: { name: 'fm-endsem.pdf' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().resource;
    const teaser = await t.api.get(`/api/resources/${id}/teaser`);
    expect(teaser.statusCode, teaser.body).toBe(200);
    expect(teaser.json()).toEqual({ resource: { title: 'fm endsem', resourceType: 'PYQ' } });
  });

  it('an unknown or deleted resource is 404, a malformed id 400', async () => {
    expect((await t.api.get(`/api/resources/${randomUUID()}/teaser`)).statusCode).toBe(404);
    const res = await upload(t, admin.cookie, { file: { name: 'gone.pdf' } });
    const { id } = res.json().resource;
    expect((await t.api.delete(`/api/resources/${id}`, { as: admin.cookie })).statusCode).toBeLessThan(300);
    expect((await t.api.get(`/api/resources/${id}/teaser`)).statusCode).toBe(404);
    expect((await t.api.get('/api/resources/not-an-id/teaser')).statusCode).toBe(400);
  });
});
