// FILE_HANDOFF_PREFIX (decision 021): the same 2 MB file through nginx three ways in one run:
// handed to nginx by the app (X-Accel-Redirect, nginx sends it with sendfile), streamed by the
// app behind nginx, and served by nginx from disk as the reference. One SQLite install; the two
// servers share its database and files folder (one with the hand-off, one without).
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startNginx } from './scale-infra.mjs';
import { throughput } from './scale.mjs';
import { freePort, HttpClient, makeTempDir, startServer } from './server.mjs';

const PREFIX = '/_files/';
const FILE_BYTES = 2 * 1024 * 1024;
const RANGE_BYTES = 64 * 1024;
const DOWNLOAD_CLIENTS = 16;
const RANGE_CLIENTS = 50;
const SECONDS = 5;
const execFileAsync = promisify(execFile);

/** One resource row pointing at `key` in the files folder, uploaded by `email`. */
function insertResource(dbFile, { email, key, file }) {
  const db = new Database(dbFile);
  try {
    const user = /** @type {{ id: string } | undefined} */ (db.prepare('select id from "user" where email = ?').get(email));
    if (!user) throw new Error(`no user ${email} to upload as`);
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `insert into resource (id, file_key, file_name, original_name, subject, semester, resource_type, course, branch,
         academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by, created_at, updated_at)
       values (?, ?, 'bench_2mb.pdf', 'Bench 2 MB notes.pdf', 'Data Structures', 3, 'NOTES', 'btech', 'cse', '2024-25', 0, 2, ?, ?, 40, ?, ?, ?)`,
    ).run(id, key, file.length, createHash('sha256').update(file).digest('hex'), user.id, now, now);
    return id;
  } finally {
    db.close();
  }
}

const fmt = (x) => x.toFixed(1);

/** Adds the hand-off rows through `record` and prints the three ways side by side. */
export async function benchHandoff({ serverEnv, domain, record, step }) {
  const dataDir = makeTempDir();
  const filesDir = makeTempDir('studyshelf-bench-files-');
  const env = {
    ...serverEnv,
    STORAGE_URL: `file://${filesDir}`,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    DEMO_DATA: 'false',
    PROCESSING_CONCURRENCY: '0',
  };
  step('handoff: two servers on one SQLite install, one handing files to nginx');
  const servers = [await startServer({ dataDir, env: { ...env, FILE_HANDOFF_PREFIX: PREFIX } })];
  servers.push(await startServer({ dataDir, env }));
  const nginxes = [];
  try {
    const account = { email: `bench-admin@${domain}`, password: `Bench-${randomBytes(12).toString('base64url')}-7aZ` };
    await execFileAsync(process.execPath, ['dist/cli/admin.js', 'create-admin', '--email', account.email, '--name', 'Bench Admin', '--password', account.password], {
      env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      timeout: 60_000,
    });
    // Incompressible, like the compressed streams that make up most of a real PDF.
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 15), Buffer.from('\n%%EOF\n')]);
    const key = `resources/${randomUUID()}.pdf`;
    mkdirSync(path.join(filesDir, 'resources'), { recursive: true });
    writeFileSync(path.join(filesDir, key), file);
    const staticDir = makeTempDir('studyshelf-bench-ref-');
    writeFileSync(path.join(staticDir, 'bench.pdf'), file);
    const id = insertResource(path.join(dataDir, 'studyshelf.sqlite'), { email: account.email, key, file });

    const [handing, streaming] = servers;
    const front = async (server, handoff) => {
      const port = await freePort();
      const nginx = await startNginx({ port, upstreams: [`127.0.0.1:${server.port}`], staticDir, handoff });
      nginxes.push(nginx);
      const client = new HttpClient(port);
      await client.login(account.email, account.password, nginx.origin);
      const once = await client.request({ path: `/api/resources/${id}/file` });
      client.close();
      if (once.status !== 200 || !once.body.equals(file) || !once.headers['content-disposition'] || once.headers['x-accel-redirect']) {
        throw new Error(`GET the file through nginx answered ${once.status} without the file's bytes and headers`);
      }
      return { port, cookie: client.cookie };
    };
    const viaHandoff = await front(handing, { prefix: PREFIX, root: filesDir });
    const viaApp = await front(streaming);

    const full = (p) => () => ({ path: p, headers: {} });
    // pdf.js-like reads: 64 KB at spread offsets, the same sequence each way.
    const range = (p) => (i) => {
      const start = ((i * 7 * RANGE_BYTES) % (file.length - RANGE_BYTES)) & ~1023;
      return { path: p, headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } };
    };
    const filePath = `/api/resources/${id}/file`;
    /** @type {Array<[string, { port: number; cookie: string }, string]>} */
    const ways = [['handoff', viaHandoff, filePath], ['app', viaApp, filePath], ['disk', viaHandoff, '/ref/bench.pdf']];
    /** @type {Record<string, { full: { mbps: number; rps: number; p99: number }; range: { mbps: number; rps: number; p99: number } }>} */
    const result = {};
    step(`handoff: 2 MB downloads (${DOWNLOAD_CLIENTS} clients) and 64 KB ranges (${RANGE_CLIENTS} clients), three ways`);
    for (const [name, at, p] of ways) {
      const common = { port: at.port, cookie: at.cookie, seconds: SECONDS };
      await throughput({ ...common, seconds: 1, clients: DOWNLOAD_CLIENTS, target: full(p), status: 200, bytes: file.length });
      result[name] = {
        full: await throughput({ ...common, clients: DOWNLOAD_CLIENTS, target: full(p), status: 200, bytes: file.length }),
        range: await throughput({ ...common, clients: RANGE_CLIENTS, target: range(p), status: 206, bytes: RANGE_BYTES }),
      };
    }

    const table = {};
    for (const [what, key] of [[`2 MB download (${DOWNLOAD_CLIENTS} clients)`, 'full'], [`64 KB range (${RANGE_CLIENTS} clients)`, 'range']]) {
      const disk = result.disk[key].mbps;
      for (const [way, label] of [['handoff', 'app hands to nginx'], ['app', 'app streams'], ['disk', 'nginx from disk']]) {
        const r = result[way][key];
        table[`${what}, ${label}`] = { 'MB/s': +fmt(r.mbps), 'req/s': Math.round(r.rps), 'p99 ms': +fmt(r.p99), 'vs nginx': `${(r.mbps / disk).toFixed(2)}x` };
      }
      const handed = result.handoff[key];
      record(
        `handoff ${what} through nginx vs nginx sendfile`,
        `${(handed.mbps / disk).toFixed(2)}x (${fmt(handed.mbps)} vs ${fmt(disk)} MB/s; the app streaming: ${(result.app[key].mbps / disk).toFixed(2)}x)`,
        '>= 0.7x nginx',
        handed.mbps / disk >= 0.7,
      );
    }
    console.log('\nFiles handed to nginx (FILE_HANDOFF_PREFIX) against streamed by the app, SQLite, files on disk');
    console.table(table);
  } finally {
    for (const nginx of nginxes) await nginx.stop();
    for (const server of servers) {
      server.client.close();
      await server.stop();
    }
  }
}
