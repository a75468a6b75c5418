import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';
import { freePort, startServerProcess } from '../support/server-process.js';
import { createPostgresDatabase } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/**
 * The built server on S3 storage: it starts against a reachable bucket, and refuses to start
 * with one line naming the bucket, the endpoint and the reason when the bucket cannot be used.
 */
describe(`start-up of the built server on S3 storage (${testDialect})`, () => {
  let s3: TestS3Server;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-s3-start-'));
    postgres = testDialect === 'postgres' ? await createPostgresDatabase() : undefined;
    baseEnv = { DATA_DIR: dataDir, DEMO_DATA: 'false', ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  });
  afterAll(async () => {
    await s3?.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts and answers when the bucket is there', async () => {
    const bucket = await s3.createBucket();
    const server = await startServerProcess({ ...baseEnv, ...s3.storageEnv(bucket) });
    try {
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start when the bucket is missing, naming it and the endpoint', async () => {
    const attempt = startServerProcess({ ...baseEnv, ...s3.storageEnv('no-such-bucket') });
    await expect(attempt).rejects.toThrow(
      `Start-up failed: Storage bucket is missing: s3://no-such-bucket at ${s3.endpoint} (HTTP 404: create the bucket or fix STORAGE_URL)`,
    );
  });

  it('refuses to start at once when nothing listens at the endpoint', async () => {
    const port = await freePort();
    const env = { ...baseEnv, ...s3.storageEnv('studyshelf'), STORAGE_URL: `s3://studyshelf?endpoint=http://127.0.0.1:${port}` };
    const attempt = startServerProcess(env, { readyTimeoutMs: 30_000 });
    await expect(attempt).rejects.toThrow(
      `Start-up failed: Storage is unreachable: s3://studyshelf at http://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });
});
