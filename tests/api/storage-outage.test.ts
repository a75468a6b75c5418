import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';
import { resourceRows, signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const STORAGE_UNAVAILABLE = {
  statusCode: 503,
  code: 'STORAGE_UNAVAILABLE',
  message: 'File storage is unavailable right now. Please try again in a moment.',
};

/**
 * The file store (S3 here: the one that can go away) stops answering while the database is fine:
 * uploads and file reads are told the storage is down, with Retry-After, and nothing is half-written.
 * A refused or reset connection to the store carries the same network codes as one to PostgreSQL,
 * and was answered "The database is unavailable".
 */
describe(`the file store unreachable (${testDialect})`, () => {
  let s3: TestS3Server;
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let stored: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ ...s3.storageEnv(await s3.createBucket()), PROCESSING_CONCURRENCY: '0' });
    cr = await signedIn(t, 'CR');
    const first = await upload(t, cr.cookie);
    expect(first.statusCode, first.body).toBe(201);
    stored = first.json().resource.id;
    expect((await t.api.get(`/api/resources/${stored}/file`, { as: cr.cookie })).statusCode).toBe(200);
    await s3.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an upload answers 503 "File storage is unavailable" and leaves no row', async () => {
    const res = await upload(t, cr.cookie);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject(STORAGE_UNAVAILABLE);
    expect(res.headers['retry-after']).toBe('5');
    expect((await resourceRows(t)).map((r) => r.id)).toEqual([stored]);
  });

  it("a stored file's bytes answer 503 the same, while the database still answers", async () => {
    const res = await t.api.get(`/api/resources/${stored}/file`, { as: cr.cookie });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject(STORAGE_UNAVAILABLE);
    expect((await t.api.get('/api/resources', { as: cr.cookie })).statusCode).toBe(200);
  });

  it('/readyz answers 503 naming the file storage, and /healthz stays up', async () => {
    const ready = await t.api.get('/readyz');
    expect(ready.statusCode, ready.body).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      database: 'ok',
      storage: 'unreachable',
      reason: 'Not ready: the file storage does not answer.',
    });
    expect((await t.api.get('/healthz')).statusCode).toBe(200);
  });
});
