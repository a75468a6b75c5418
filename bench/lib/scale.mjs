// Scale-out (issue 15, decision 019): browse and downloads through nginx with one and with two
// app instances on one PostgreSQL database and one S3 bucket (s3rver), and the same file served
// by that nginx from disk (sendfile) in the same run as the reference for downloads.
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase, S3_CREDENTIALS, startNginx, startS3rver } from './scale-infra.mjs';
import { freePort, HttpClient, load, makeTempDir, percentile, startServer } from './server.mjs';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUCKET = 'bench-scale';
const FILE_BYTES = 2 * 1024 * 1024;
const RANGE_BYTES = 64 * 1024;
const BROWSE_PATH = '/api/resources?branch=cse';
const BRANCHES = ['cse', 'it', 'ee', 'ece', 'me', 'ce'];
const SUBJECTS = ['Data Structures', 'Operating Systems', 'Computer Networks', 'Signals and Systems', 'Thermodynamics', 'Surveying'];
const DOWNLOAD_CLIENTS = 16;
const RANGE_CLIENTS = 50;
const SECONDS = 5;
const execFileAsync = promisify(execFile);

/** `rows` resource rows (as seedPostgres in search.mjs writes them) plus one real file in the bucket. */
async function seed(url, s3, { rows, uploaderEmail, file }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: users } = await client.query('select id from "user" where email = $1', [uploaderEmail]);
    if (!users.length) throw new Error(`no user ${uploaderEmail} to upload as`);
    const now = Date.now();
    const batch = Array.from({ length: rows }, (_, i) => {
      const created = new Date(now - ((i * 7_919_000) % 63e9)).toISOString();
      const [branch, subject] = [BRANCHES[i % BRANCHES.length], SUBJECTS[(i * 5) % SUBJECTS.length]];
      return { id: randomUUID(), subject, branch, type: ['NOTES', 'PYQ', 'PRACTICAL'][i % 3], year: ['2024-25', '2023-24'][i % 2], semester: 1 + (i % 8), created, downloads: i % 97, name: `${subject} ${i}.pdf` };
    });
    await client.query(
      `insert into resource (id, file_key, file_name, original_name, subject, semester, resource_type, course, branch,
         academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by, created_at, updated_at)
       select r.id, 'resources/' || r.id || '.pdf', lower(replace(r.subject, ' ', '_')) || '.pdf', r.name, r.subject, r.semester,
         r.type, 'btech', r.branch, r.year, r.downloads, 1, 1048576, md5(r.id) || md5(r.name), 12, $2, r.created, r.created
       from json_to_recordset($1) as r(id text, subject text, branch text, type text, year text, semester int, created text, downloads int, name text)`,
      [JSON.stringify(batch), users[0].id],
    );
    const id = randomUUID();
    const key = `resources/${randomUUID()}.pdf`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: file, ContentType: 'application/pdf' }));
    const created = new Date().toISOString();
    await client.query(
      `insert into resource (id, file_key, file_name, original_name, subject, semester, resource_type, course, branch,
         academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by, created_at, updated_at)
       values ($1, $2, 'bench_2mb.pdf', 'Bench 2 MB notes.pdf', 'Data Structures', 3, 'NOTES', 'btech', 'cse', '2024-25', 0, 2, $3, $4, 40, $5, $6, $6)`,
      [id, key, file.length, createHash('sha256').update(file).digest('hex'), users[0].id, created],
    );
    await client.query('analyze');
    return { id, key };
  } finally {
    await client.end();
  }
}

/** GET that counts the body's bytes without keeping them (the client should cost as little as it can). */
function fetchCounting(agent, port, urlPath, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
  });
}

/**
 * `clients` keep-alive clients request `target(i)` back to back for `seconds`; every answer must
 * have `status` and `bytes`. Returns { rps, mbps, p50, p99 }.
 */
export async function throughput({ port, cookie, clients, seconds, target, status, bytes }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times = [];
  let total = 0;
  let issued = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          const { path: urlPath, headers } = target(issued++);
          const res = await fetchCounting(agent, port, urlPath, { ...headers, cookie });
          if (res.status !== status || res.bytes !== bytes) throw new Error(`GET ${urlPath}: ${res.status} with ${res.bytes} bytes, expected ${status} with ${bytes}`);
          times.push(res.ms);
          total += res.bytes;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, mbps: total / 1048576 / elapsed, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** One phase: nginx in front of `servers`; browse, then downloads and ranges from the app and from disk. */
async function measurePhase({ servers, staticDir, resource, account, s3Port, step }) {
  const port = await freePort();
  const nginx = await startNginx({ port, upstreams: servers.map((s) => `127.0.0.1:${s.port}`), staticDir });
  const client = new HttpClient(port);
  try {
    await client.login(account.email, account.password, nginx.origin);
    const appPath = `/api/resources/${resource.id}/file`;
    const once = await client.request({ path: appPath });
    if (once.status !== 200 || createHash('sha256').update(once.body).digest('hex') !== resource.sha256 || once.headers['content-disposition'] === undefined) {
      throw new Error(`GET ${appPath} answered ${once.status} without the seeded file's bytes or headers`);
    }
    const n = servers.length;
    step(`scale: browse ${BROWSE_PATH} through nginx, ${n} instance${n > 1 ? 's' : ''} (50 clients)`);
    let browseTotal;
    const check = (res) => {
      if (res.status !== 200) throw new Error(`${BROWSE_PATH} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
      const body = JSON.parse(res.body.toString());
      browseTotal ??= body.total;
      if (body.total !== browseTotal || body.resources.length !== 12) throw new Error(`${BROWSE_PATH}: total ${body.total} (first ${browseTotal}), ${body.resources.length} on the page`);
    };
    await load(client, { path: BROWSE_PATH, total: 1000, check, maxSeconds: 4 });
    const browse = await load(client, { path: BROWSE_PATH, total: 4000, check, maxSeconds: 12 });
    const result = {
      browse: { p50: percentile(browse.times, 50), p99: percentile(browse.times, 99), rps: browse.times.length / browse.seconds, total: browseTotal },
    };
    const size = resource.size;
    const full = (p) => () => ({ path: p, headers: {} });
    // pdf.js-like reads: 64 KB at spread offsets, the same sequence for the app and for nginx.
    const range = (p) => (i) => {
      const start = ((i * 7 * RANGE_BYTES) % (size - RANGE_BYTES)) & ~1023;
      return { path: p, headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } };
    };
    const common = { port, cookie: client.cookie, seconds: SECONDS };
    step(`scale: 2 MB downloads (${DOWNLOAD_CLIENTS} clients) and 64 KB ranges (${RANGE_CLIENTS} clients): app, nginx from disk, s3rver`);
    // s3rver answered directly (no signature: it checks none) is what a presigned redirect would hand the browser.
    const s3Path = `/${BUCKET}/${resource.key}`;
    for (const [name, p, where] of [['app', appPath, port], ['disk', '/ref/bench.pdf', port], ['s3', s3Path, s3Port]]) {
      const at = { ...common, port: where };
      // A second of warm-up each (JIT, connections to the store).
      await throughput({ ...at, seconds: 1, clients: DOWNLOAD_CLIENTS, target: full(p), status: 200, bytes: size });
      result[`${name}Full`] = await throughput({ ...at, clients: DOWNLOAD_CLIENTS, target: full(p), status: 200, bytes: size });
      result[`${name}Range`] = await throughput({ ...at, clients: RANGE_CLIENTS, target: range(p), status: 206, bytes: RANGE_BYTES });
    }
    return result;
  } finally {
    client.close();
    await nginx.stop();
  }
}

const fmt = (x, digits = 1) => x.toFixed(digits);
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

/** Adds the scale-out rows through `record` and prints a one/two-instance table with ratios. */
export async function benchScale({ serverEnv, domain, record, step }) {
  let database;
  try {
    database = await createDatabase(POSTGRES_ADMIN_URL);
  } catch (error) {
    record('scale (PostgreSQL + S3 behind nginx)', `skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL} (${error.message})`, 'info', null);
    return;
  }
  const s3server = await startS3rver().catch(async (error) => {
    await database.drop();
    throw error;
  });
  const servers = [];
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: s3server.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const shared = {
      ...serverEnv,
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${BUCKET}?endpoint=${s3server.endpoint}&region=us-east-1`,
      ...S3_CREDENTIALS,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      DEMO_DATA: 'false',
      PROCESSING_CONCURRENCY: '0',
    };
    step('scale: starting instance A on a fresh PostgreSQL database and an s3rver bucket');
    servers.push(await startServer({ dataDir: makeTempDir(), env: shared }));
    // One verified account, made as an operator would (seeding the demo library takes minutes on a busy machine).
    const account = { email: `bench-admin@${domain}`, password: `Bench-${randomBytes(12).toString('base64url')}-7aZ` };
    await execFileAsync(process.execPath, ['dist/cli/admin.js', 'create-admin', '--email', account.email, '--name', 'Bench Admin', '--password', account.password], {
      env: { ...process.env, ...shared, DATA_DIR: makeTempDir(), LOG_LEVEL: 'error' },
      timeout: 60_000,
    });
    // Incompressible, like the compressed streams that make up most of a real PDF.
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 15), Buffer.from('\n%%EOF\n')]);
    const staticDir = makeTempDir('studyshelf-bench-ref-');
    writeFileSync(path.join(staticDir, 'bench.pdf'), file);
    step('scale: inserting 5,000 resources and one 2 MB file');
    const seeded = await seed(database.url, s3, { rows: 5000, uploaderEmail: account.email, file });
    const resource = { ...seeded, size: file.length, sha256: createHash('sha256').update(file).digest('hex') };
    // B runs from the start, idle in the one-instance phase, so both phases share the machine alike.
    servers.push(await startServer({ dataDir: makeTempDir(), env: shared }));
    const context = { staticDir, resource, account, s3Port: Number(new URL(s3server.endpoint).port), step };
    const one = await measurePhase({ ...context, servers: servers.slice(0, 1) });
    const two = await measurePhase({ ...context, servers });

    const table = {};
    const add = (what, a, b, better = 'higher') => {
      table[what] = { '1 instance': a, '2 instances': b, '2/1': ratio(b, a), better };
    };
    add('browse req/s (50 clients)', Math.round(one.browse.rps), Math.round(two.browse.rps));
    add('browse p50 ms', +fmt(one.browse.p50), +fmt(two.browse.p50), 'lower');
    add('browse p99 ms', +fmt(one.browse.p99), +fmt(two.browse.p99), 'lower');
    for (const [label, key] of [[`2 MB download MB/s (${DOWNLOAD_CLIENTS} clients)`, 'Full'], [`64 KB range MB/s (${RANGE_CLIENTS} clients)`, 'Range']]) {
      add(`${label}, app`, +fmt(one[`app${key}`].mbps), +fmt(two[`app${key}`].mbps));
      add(`${label}, nginx from disk`, +fmt(one[`disk${key}`].mbps), +fmt(two[`disk${key}`].mbps));
      add(`${label}, s3rver direct`, +fmt(one[`s3${key}`].mbps), +fmt(two[`s3${key}`].mbps));
      add(`${label}, app/nginx`, +(one[`app${key}`].mbps / one[`disk${key}`].mbps).toFixed(2), +(two[`app${key}`].mbps / two[`disk${key}`].mbps).toFixed(2));
      add(`${label}, app/s3rver`, +(one[`app${key}`].mbps / one[`s3${key}`].mbps).toFixed(2), +(two[`app${key}`].mbps / two[`s3${key}`].mbps).toFixed(2));
    }
    console.log(`\nScale-out: nginx in front of 1 and 2 instances, PostgreSQL + s3rver (${one.browse.total} resources in branch cse)`);
    console.table(table);

    for (const { n, r } of [{ n: 1, r: one }, { n: 2, r: two }]) {
      const label = `${n} instance${n > 1 ? 's' : ''}`;
      record(`scale browse ${BROWSE_PATH} p50/p99 via nginx, ${label}`, `${fmt(r.browse.p50)} / ${fmt(r.browse.p99)} ms, ${Math.round(r.browse.rps)} req/s`, 'p99 < 25 ms', r.browse.p99 < 25);
      for (const [what, key, clients] of [['2 MB download', 'Full', DOWNLOAD_CLIENTS], ['64 KB range', 'Range', RANGE_CLIENTS]]) {
        const app = r[`app${key}`];
        const disk = r[`disk${key}`];
        const direct = r[`s3${key}`];
        record(
          `scale ${what} (${clients} clients) app vs nginx sendfile, ${label}`,
          `${ratio(app.mbps, disk.mbps)} (${fmt(app.mbps)} vs ${fmt(disk.mbps)} MB/s, ${Math.round(app.rps)} vs ${Math.round(disk.rps)} req/s, app p99 ${fmt(app.p99)} ms; s3rver direct ${fmt(direct.mbps)} MB/s)`,
          '>= 0.7x nginx',
          app.mbps / disk.mbps >= 0.7,
        );
      }
    }
    record('scale 2/1 instances: browse req/s, download MB/s, range MB/s', `${ratio(two.browse.rps, one.browse.rps)}, ${ratio(two.appFull.mbps, one.appFull.mbps)}, ${ratio(two.appRange.mbps, one.appRange.mbps)}`, 'info (2 shared cores)', null);
  } finally {
    s3.destroy();
    for (const server of servers) {
      server.client.close();
      await server.stop();
    }
    await s3server.stop();
    await database.drop();
  }
}
