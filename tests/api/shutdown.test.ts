import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/server/services.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { ConsoleMailer } from '../../src/server/mail/console-mailer.js';
import { createFileStore } from '../../src/server/storage/create-file-store.js';
import { makePdf, multipartBody } from '../support/pdf-fixture.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { DOMAIN, PASSWORD } from './helpers/accounts.js';
import { VALID_FIELDS } from './helpers/resources.js';
import { createPostgresDatabase } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** SIGTERM against the BUILT server (`npm run build` first), a child process on a temporary DATA_DIR. */
const EMAIL = `shut.down@${DOMAIN}`;

interface Running extends ServerProcess {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  exited: Promise<{ code: number | null; at: number }>;
}

const cleanups: (() => Promise<unknown>)[] = [];

/** A data folder with one verified CR, and the built server on it. */
async function startServer(shutdownSeconds: number): Promise<Running> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-shutdown-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const postgres = testDialect === 'postgres' ? await createPostgresDatabase() : undefined;
  if (postgres) cleanups.push(() => postgres.drop());
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    INSTITUTION_EMAIL_DOMAIN: DOMAIN,
    SHUTDOWN_TIMEOUT_SECONDS: String(shutdownSeconds),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const config = loadConfig(env);
  const db = createDb(config.database);
  await migrateToLatest(db);
  const services = createServices({ config, db, mailer: new ConsoleMailer(() => {}), fileStore: createFileStore(config.storage) });
  await services.accounts.createVerifiedUser({ name: 'Cora Rep', email: EMAIL, password: PASSWORD, role: 'CR', branch: 'cse', semester: 3, academicSession: '2024-25' });
  await db.close();

  const server = await startServerProcess(env);
  cleanups.push(() => server.stop(1_000));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => {
    if (server.child.exitCode !== null) resolve({ code: server.child.exitCode, at: Date.now() });
    server.child.once('exit', (code) => resolve({ code, at: Date.now() }));
  });
  return { ...server, port: Number(new URL(server.origin).port), dataDir, env, exited };
}

async function loginCookie(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Starts an upload, sends half of it, and returns a handle to send the rest. */
async function startSlowUpload(server: Running) {
  const cookie = await loginCookie(server.port);
  const { payload, headers } = multipartBody(VALID_FIELDS, { name: 'big.pdf', bytes: makePdf({ text: 'shutdown', exactBytes: 3 * 1024 * 1024 }) });
  const half = payload.length >> 1;
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/resources',
    headers: { ...headers, cookie, 'content-length': payload.length },
  });
  const response = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    request.on('error', (e) => resolve({ error: e.message }));
  });
  request.write(payload.subarray(0, half));
  // The server is streaming it to a temporary file once one appears.
  await expect.poll(() => filesUnder(server.dataDir), { timeout: 20_000 }).not.toEqual([]);
  return { finish: () => request.end(payload.subarray(half)), response };
}

async function filesUnder(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'files');
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function resourceKeys(env: Record<string, string>): Promise<string[]> {
  const db = createDb(loadConfig(env).database);
  try {
    return (await db.kysely.selectFrom('resource').select('file_key').execute()).map((r) => r.file_key);
  } finally {
    await db.close();
  }
}

describe(`graceful shutdown of the built server (${testDialect})`, () => {
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('lets an upload under way finish after SIGTERM, then exits', async () => {
    const server = await startServer(60);
    const upload = await startSlowUpload(server);
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('shutting down');
    upload.finish();
    const res = await upload.response;
    expect(res).toMatchObject({ status: 201 });
    const { code } = await server.exited;
    expect(code).toBe(0);
    // Exactly the stored file of the recorded resource: no temporary, no orphan.
    const keys = await resourceKeys(server.env);
    expect(keys).toHaveLength(1);
    expect(await filesUnder(server.dataDir)).toEqual([path.join(...keys[0]!.split('/'))]);
  });

  it('cuts an upload that outlasts SHUTDOWN_TIMEOUT_SECONDS, leaves no file behind and exits', async () => {
    const server = await startServer(2);
    const upload = await startSlowUpload(server);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    // The 2 s deadline plus clean-up, never the minutes a stalled client could hold it.
    expect(at - signalledAt).toBeLessThan(15_000);
    expect(await upload.response).toHaveProperty('error');
    expect(server.output()).toContain('shutdown deadline reached');
    expect(await filesUnder(server.dataDir)).toEqual([]);
    expect(await resourceKeys(server.env)).toEqual([]);
  });

  it('exits at once on a second signal', async () => {
    const server = await startServer(300);
    await startSlowUpload(server);
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('shutting down');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(130);
    expect(at - signalledAt).toBeLessThan(10_000);
  });

  it('a temporary file left by a kill -9 mid-upload is removed when the server starts again', async () => {
    const server = await startServer(60);
    await startSlowUpload(server);
    server.child.kill('SIGKILL');
    await server.exited;
    const left = await filesUnder(server.dataDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.incoming[\\/]/);
    // Older than any upload could still be running (an hour), as after a night's outage.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(server.dataDir, 'files', left[0]!), twoHoursAgo, twoHoursAgo);

    const again = await startServerProcess(server.env);
    cleanups.push(() => again.stop(1_000));
    await expect.poll(() => filesUnder(server.dataDir), { timeout: 20_000 }).toEqual([]);
    expect(await resourceKeys(server.env)).toEqual([]);
  });

  it('what a kill -9 mid-upload left goes at the next start on this host at once, its claim too', async () => {
    const server = await startServer(60);
    await startSlowUpload(server);
    server.child.kill('SIGKILL');
    await server.exited;
    const left = await filesUnder(server.dataDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.incoming[\\/]/);

    // Seconds old, not an hour: the file names the killed process, which no longer runs.
    const again = await startServerProcess(server.env);
    cleanups.push(() => again.stop(1_000));
    await expect.poll(() => filesUnder(server.dataDir), { timeout: 20_000 }).toEqual([]);
    // The killed process's claim on the upload's key is dropped once the sweeps have run.
    await expect.poll(() => readdir(path.join(server.dataDir, 'write-claims')), { timeout: 20_000 }).toEqual([]);
    expect(await resourceKeys(server.env)).toEqual([]);
  });
});
