import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpBody, totpCodeFor, withSetCookies } from '../api/helpers/accounts.js';
import { createPostgresDatabase } from '../api/helpers/test-database.js';
import { startNginx, nginxInstalled, type TestNginx } from '../support/nginx.js';
import { makePdf, multipartBody } from '../support/pdf-fixture.js';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';
import { makeScannedPdf } from '../support/scanned-pdf.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';

/**
 * A scaled-out install on one machine (decision 019): two built server processes on one
 * PostgreSQL database and one S3 bucket (s3rver), behind nginx round robin. Needs `npm run build`
 * first (npm test builds before this tier). Runs where nginx is installed; CI always has it.
 */
const run = nginxInstalled() || process.env.CI ? describe : describe.skip;
if (!nginxInstalled() && !process.env.CI) console.warn('\n*** nginx is not installed: SKIPPING the two-instance test (CI installs it). ***\n');

const DOMAIN = 'test-uni.edu';
/** A's lease: its time limit plus one second, so B takes over a killed job after ~6 s, not 6 min. */
const A_PROCESSING = { PROCESSING_TIMEOUT_S: '5', PROCESSING_LEASE_GRACE_S: '1' };

run('two instances behind nginx on PostgreSQL and S3', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let s3: TestS3Server;
  let bucket: string;
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: TestNginx;
  let sql: pg.Client;
  let adminCookie = '';
  let adminEmail = '';
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const started = Date.now();
    // Each resource is released on failure too: registered as soon as it exists.
    s3 = await startS3Server();
    cleanups.push(() => s3.close());
    bucket = await s3.createBucket();
    pgDb = await createPostgresDatabase();
    cleanups.push(() => pgDb.drop());
    sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const nginxPort = await freePort();
    const dirs = [await mkdtemp(path.join(tmpdir(), 'studyshelf-a-')), await mkdtemp(path.join(tmpdir(), 'studyshelf-b-'))];
    cleanups.push(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
    const shared = {
      DATABASE_URL: pgDb.url,
      ...s3.storageEnv(bucket),
      SMTP_URL: sink.url,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      INSTITUTION_EMAIL_DOMAIN: DOMAIN,
      DEMO_DATA: 'false',
    };
    // Started together on an empty database: both migrate it at once (the advisory lock).
    [a, b] = await Promise.all([
      startServerProcess({ ...shared, DATA_DIR: dirs[0]!, ...A_PROCESSING }),
      startServerProcess({ ...shared, DATA_DIR: dirs[1]! }),
    ]);
    cleanups.push(() => Promise.all([a.stop(10_000), b.stop(10_000)]));
    lb = await startNginx(nginxPort, [new URL(a.origin).host, new URL(b.origin).host]);
    cleanups.push(() => lb.close());
    sql = new pg.Client({ connectionString: pgDb.url });
    await sql.connect();
    cleanups.push(() => sql.end());
    timings.startMs = Date.now() - started;
  }, 180_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    console.log('two-instance timings (ms):', JSON.stringify(timings));
  }, 120_000);

  const call = (origin: string, url: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${origin}${url}`, { ...init, headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers as object) } });
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const loginOn = async (origin: string, email: string, password = PASSWORD) => {
    const res = await call(origin, '/api/auth/login', json({ email, password, rememberMe: false }));
    return { status: res.status, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
  };
  const uploadOn = async (origin: string, cookie: string, bytes: Buffer, subject: string) => {
    const fields = { course: 'btech', branch: 'cse', semester: '3', subject, resourceType: 'NOTES', academicYear: '2024-25' };
    const { payload, headers } = multipartBody(fields, { name: 'notes.pdf', bytes });
    const res = await call(origin, '/api/resources', { method: 'POST', cookie, headers, body: new Uint8Array(payload) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { resource: { id: string } }).resource.id;
  };
  const browse = async (origin: string, cookie: string, query = 'branch=cse&semester=3') => {
    const res = await call(origin, `/api/resources?${query}`, { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { resources: Array<{ id: string }> }).resources.map((r) => r.id);
  };

  it('signs up through nginx, verifies on A, and logs in on B', async () => {
    const body = signUpBody();
    const signedUp = await call(lb.origin, '/api/auth/sign-up', json(body));
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    const token = new URL(linkFromMail((await sink.waitForMail(body.email, 15_000)).raw, '/verify-email')).searchParams.get('token');
    // In the browser that signed up (its ticket cookie); elsewhere the password would be replaced.
    const ticket = signedUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const verified = await call(a.origin, '/api/auth/verify-email', { ...json({ token }), cookie: ticket });
    expect(verified.status).toBe(200);
    // Made an admin (may upload and delete) as the admin CLI would, in the database.
    await sql.query(`update "user" set role = 'ADMIN' where email = $1`, [body.email]);
    const onB = await loginOn(b.origin, body.email);
    expect(onB.status).toBe(200);
    // An admin sets up two-factor sign-in before anything else (decision 055), as account settings do.
    const setup = await call(b.origin, '/api/account/two-factor/enable', { ...json({ password: PASSWORD }), cookie: onB.cookie });
    expect(setup.status, await setup.clone().text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirmed = await call(a.origin, '/api/account/two-factor/confirm', { ...json({ code: await totpCodeFor(secret) }), cookie: onB.cookie });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    adminCookie = withSetCookies(onB.cookie, confirmed.headers.getSetCookie());
    adminEmail = body.email;
    const me = await call(a.origin, '/api/auth/me', { cookie: adminCookie });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(body.email);
  });

  it("shows A's upload in B's browse at once; B previews (range) and downloads the same bytes", async () => {
    const cached = await browse(b.origin, adminCookie);
    expect(await browse(b.origin, adminCookie)).toEqual(cached);
    const bytes = makePdf({ text: `two instances ${Date.now()}` });
    const started = Date.now();
    const id = await uploadOn(a.origin, adminCookie, bytes, 'Distributed Systems');
    expect(await browse(b.origin, adminCookie)).toEqual([id, ...cached]);
    timings.uploadOnAToListedOnBMs = Date.now() - started;

    const range = await call(b.origin, `/api/resources/${id}/file`, { cookie: adminCookie, headers: { range: 'bytes=100-299' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-299/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(100, 300));
    const whole = await call(b.origin, `/api/resources/${id}/file`, { cookie: adminCookie });
    expect(whole.status).toBe(200);
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(bytes));
    // And through the load balancer, whichever instance answers.
    const viaLb = await call(lb.origin, `/api/resources/${id}/file`, { cookie: adminCookie });
    expect(sha256(Buffer.from(await viaLb.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('counts reset mails asked for on both instances against one limit', async () => {
    const email = adminEmail;
    const asked = (origin: string) => call(origin, '/api/auth/forgot-password', json({ email }));
    const answers = await Promise.all([asked(a.origin), asked(b.origin), asked(a.origin), asked(b.origin), asked(a.origin)]);
    // Always the same 200 (decision 013), but only three mails per address and hour are sent.
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const resets = () => sink.mails.filter((m) => m.to.includes(email) && m.raw.includes('reset-password'));
    // Every mail is queued before its answer: once the queue holds none unsent, all have arrived.
    const queued = async () =>
      (await sql.query<{ status: string }>("select status from mail_outbox where recipient = $1 and subject like '%eset%'", [email])).rows;
    await expect.poll(async () => (await queued()).filter((r) => r.status !== 'sent').length, { timeout: 15_000, interval: 100 }).toBe(0);
    expect(await queued()).toHaveLength(3);
    await expect.poll(() => resets().length, { timeout: 5_000, interval: 50 }).toBe(3);
  });

  it('counts login attempts made on both instances against one limit', async () => {
    const email = `nobody.${Date.now()}@${DOMAIN}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginOn(i % 2 ? b.origin : a.origin, email, 'Wrong-password-1')).status);
    // Five failures per account per 15 minutes (services.ts LIMITS), wherever they were tried.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await loginOn(lb.origin, email, 'Wrong-password-1')).status).toBe(429);
  });

  it('deletes on B: the object leaves the bucket and A no longer lists it', async () => {
    const id = await uploadOn(a.origin, adminCookie, makePdf({ text: `to delete ${Date.now()}` }), 'Compiler Design');
    const { rows } = await sql.query<{ file_key: string }>('select file_key from resource where id = $1', [id]);
    const key = rows[0]!.file_key;
    expect(await s3.storedEntries(bucket)).toContain(key);
    expect(await browse(a.origin, adminCookie)).toContain(id);
    const deleted = await call(b.origin, `/api/resources/${id}`, { method: 'DELETE', cookie: adminCookie });
    expect(deleted.status).toBe(200);
    expect(await s3.storedEntries(bucket)).not.toContain(key);
    expect(await browse(a.origin, adminCookie)).not.toContain(id);
  });

  it('finishes on B, exactly once, a job whose process (A) was killed mid-job', async () => {
    const owners: string[] = [];
    const job = async (id: string) =>
      (await sql.query('select status, locked_by, attempts from processing_job where resource_id = $1', [id])).rows[0];
    // A is woken by its own upload and usually claims at once; B polls every second and now and
    // then gets there first. Then B processes that one and A is given another.
    let id = '';
    let word = '';
    for (let attempt = 0; attempt < 5 && !owners.length; attempt++) {
      word = `xylophone${attempt}x${Date.now() % 100_000}`;
      id = await uploadOn(a.origin, adminCookie, await makeScannedPdf(`Scanned notes about the ${word} and more`), 'Signals and Systems');
      const deadline = Date.now() + 10_000;
      for (let row = await job(id); ; row = await job(id)) {
        if (row.status === 'running' && row.locked_by.includes(`:${a.child.pid}:`)) owners.push(row.locked_by);
        if (owners.length || row.status === 'done' || row.status === 'failed' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(owners, 'A never claimed a job before B').toHaveLength(1);
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    await a.stop();

    const deadline = Date.now() + 60_000;
    let row = await job(id);
    while (row.status !== 'done' && row.status !== 'failed' && Date.now() < deadline) {
      if (row.locked_by && !owners.includes(row.locked_by)) owners.push(row.locked_by);
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await job(id);
    }
    timings.killedJobDoneOnBMs = Date.now() - killedAt;
    expect(row.status).toBe('done');
    // Claimed by A, then once by B after A's lease lapsed: two claims, nobody else.
    expect(row.attempts).toBe(2);
    expect(owners).toHaveLength(2);
    expect(owners[1]).toContain(`:${b.child.pid}:`);
    const pages = await sql.query('select page, count(*)::int as n from resource_page where resource_id = $1 group by page order by page', [id]);
    expect(pages.rows).toEqual([
      { page: 0, n: 1 },
      { page: 1, n: 1 },
    ]);
    // OCR read the scan; through nginx (only B is left) the word is found.
    const found = await browse(lb.origin, adminCookie, `q=${word}`);
    expect(found).toEqual([id]);
  });
});

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
