// Starts and stops the built server (dist/server/main.js) as a child process for the bench, and
// a tiny HTTP client for it. Every child and temp folder is tracked so that a failure or Ctrl-C
// still stops the servers and removes the folders.
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The TOTP secrets of the administrators the bench enrolled, by address. */
const totpSecrets = new Map();
/** The code an authenticator app shows now for a base32 secret (better-auth's own TOTP). */
const totpCode = (secret) => createOTP(base32.decode(secret)).totp();

const children = new Set();
const tempDirs = new Set();
/** Synchronous extra clean-ups (other children, a database) that cleanUpNow runs first. */
const cleanUps = new Set();

/** Runs `fn` (synchronous) in cleanUpNow, also on failure or Ctrl-C; returns a function that unregisters it. */
export function onCleanUp(fn) {
  cleanUps.add(fn);
  return () => cleanUps.delete(fn);
}

export function makeTempDir(prefix = 'studyshelf-bench-') {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Kills any server still running (SIGKILL, by pid) and removes the temp folders. Synchronous. */
export function cleanUpNow() {
  for (const fn of cleanUps) {
    try {
      fn();
    } catch {}
  }
  cleanUps.clear();
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    cleanUpNow();
    process.exit(130);
  });
}

/** A free TCP port on 127.0.0.1 (the OS picks; tiny race before the server binds it). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** The random password the first start gave a demo account (kept in DATA_DIR/demo-accounts.txt). */
export function demoPassword(dataDir, role) {
  const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${role} `));
  if (!line) throw new Error(`no ${role} demo account in ${dataDir}/demo-accounts.txt (was DEMO_DATA seeded?)`);
  return line.trim().split(/\s+/)[2];
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node [nodeArgs] dist/server/main.js` on a random port with DATA_DIR=dataDir and waits for /readyz.
 * Returns { port, pid, origin, client, stop(), unexpectedExit() }; stop() sends SIGTERM and waits for the exit.
 */
export async function startServer({ dataDir, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      // Empty means unset: a developer's own settings must not point the bench elsewhere.
      DATABASE_URL: '',
      STORAGE_URL: '',
      PUBLIC_URL: '',
      AUTH_SECRET: '',
      SMTP_URL: '',
      TRUST_PROXY: '',
      ...env,
    },
    // stdout carries the demo-account banner (BENCH_SERVER_STDOUT=1 shows it); stderr has the errors.
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  children.add(child);
  let exited = false;
  let exitStatus = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      exitStatus = { code, signal };
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  let stopping = false;
  const stop = async () => {
    if (exited) return;
    stopping = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  const client = new HttpClient(port);
  try {
    for (let i = 0; ; i++) {
      if (exited) throw new Error('the server exited during start-up (see its error above)');
      try {
        if ((await client.request({ path: '/readyz', keepAlive: false })).status === 200) break;
      } catch {}
      // Generous: a first start seeds the demo library, and on a busy shared machine that is slow.
      if (i > 1800) throw new Error('the server did not become ready within 180 s');
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  /** Why the server is gone when the bench did not stop it (null while it runs or after stop()). */
  const unexpectedExit = () => (exited && !stopping ? `the server (pid ${child.pid}) exited by itself: code ${exitStatus.code}, signal ${exitStatus.signal}` : null);
  return { port, pid: child.pid, origin: `http://127.0.0.1:${port}`, client, stop, unexpectedExit };
}

/** Minimal HTTP/1.1 client with an optional session cookie and a keep-alive agent. */
export class HttpClient {
  constructor(port, { maxSockets = 50 } = {}) {
    this.port = port;
    this.cookie = '';
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /**
   * Resolves { status, headers, body: Buffer, ms } where ms runs from send to the last byte.
   * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string | Buffer, keepAlive?: boolean }} options
   */
  request({ method = 'GET', path: urlPath, headers = {}, body, keepAlive = true }) {
    return new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: urlPath,
          agent: keepAlive ? this.agent : false,
          headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: Number(process.hrtime.bigint() - started) / 1e6,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /**
   * POST /api/auth/login and keep the session cookie(s) for later requests. An administrator
   * must use two-factor sign-in (REQUIRE_2FA_FOR, decision 055): set up on the first login, as
   * the web app makes them, and answered with a code from the same secret on later ones.
   */
  async login(email, password, origin) {
    const json = { 'content-type': 'application/json', origin };
    const res = await this.request({ method: 'POST', path: '/api/auth/login', headers: json, body: JSON.stringify({ email, password, rememberMe: false }) });
    if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
    this.keepCookies(res, true);
    if (!this.cookie) throw new Error(`login as ${email} set no cookie`);
    const answer = JSON.parse(res.body.toString());
    const post = async (urlPath, body) => {
      const reply = await this.request({ method: 'POST', path: urlPath, headers: json, body: JSON.stringify(body) });
      if (reply.status !== 200) throw new Error(`${urlPath} for ${email} answered ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
      return reply;
    };
    if (answer.twoFactorSetupRequired) {
      const { secret } = JSON.parse((await post('/api/account/two-factor/enable', { password })).body.toString());
      totpSecrets.set(email, secret);
      this.keepCookies(await post('/api/account/two-factor/confirm', { code: await totpCode(secret) }), false);
    } else if (answer.twoFactorRequired) {
      const secret = totpSecrets.get(email);
      if (!secret) throw new Error(`login as ${email} asks for a code and the bench does not know its secret`);
      this.keepCookies(await post('/api/auth/login/two-factor', { code: await totpCode(secret), kind: 'totp' }), true);
    }
    return answer.user;
  }

  /** Takes the cookies a response sets: all of them (`fresh`), or over the ones kept. */
  keepCookies(res, fresh) {
    const jar = new Map(fresh || !this.cookie ? [] : this.cookie.split('; ').map((pair) => [pair.split('=')[0], pair]));
    for (const line of res.headers['set-cookie'] ?? []) {
      const pair = line.split(';')[0];
      if (/max-age=0/i.test(line)) jar.delete(pair.split('=')[0]);
      else jar.set(pair.split('=')[0], pair);
    }
    this.cookie = [...jar.values()].join('; ');
  }

  close() {
    this.agent.destroy();
  }
}

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * Sends `total` requests from `concurrency` clients that each wait for their answer before the
 * next; `check(res, i)` (i: the request's number, as `path` got it) may throw. Returns ascending latencies in ms. Stops early (and says so) after
 * `maxSeconds`, so a very slow query cannot make the bench run for many minutes. With `everyMs`,
 * each client sends one request every `everyMs` (at a random phase), or at once after its answer
 * when that came later: people at their screens, not clients asking as fast as they are answered.
 * @param {HttpClient} client
 * @param {{ path: string | ((i: number) => string), headers?: Record<string, string>, total: number, concurrency?: number, check?: (res: any, i: number) => void, maxSeconds?: number, everyMs?: number }} options
 */
export async function load(client, { path: urlPath, headers, total, concurrency = 50, check, maxSeconds = Infinity, everyMs = 0 }) {
  const times = [];
  let issued = 0;
  const deadline = Date.now() + maxSeconds * 1000;
  let timedOut = false;
  const worker = async () => {
    let next = Date.now() + Math.random() * everyMs;
    while (issued < total) {
      if (everyMs) {
        await sleep(next - Date.now());
        next = Math.max(next + everyMs, Date.now());
        if (issued >= total) return;
      }
      if (Date.now() > deadline) {
        timedOut = true;
        return;
      }
      // A function gives each request its own path (queries that no cache answers).
      const index = issued++;
      const target = typeof urlPath === 'function' ? urlPath(index) : urlPath;
      let res;
      try {
        res = await client.request({ path: target, headers });
      } catch (error) {
        throw new Error(`GET ${target} failed after ${times.length} answers: ${error.message}`, { cause: error });
      }
      times.push(res.ms);
      check?.(res, index);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  return { times, timedOut, seconds: (Date.now() - started) / 1000 };
}

/**
 * Waits (at most five minutes) until no processing job is pending or running: processing writes
 * page text, which moves the write version the answer cache is keyed by, so measuring meanwhile
 * would measure processing's CPU and a cache that never holds.
 */
export async function waitUntilProcessed(openJobs) {
  const deadline = Date.now() + 300_000;
  while ((await openJobs()) > 0) {
    if (Date.now() > deadline) throw new Error('processing of the demo library did not finish in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Processing jobs pending or running in a SQLite file (read-only, while the server runs). */
export async function openJobsSqlite(dbFile) {
  const db = new Database(dbFile, { readonly: true });
  try {
    return /** @type {{ n: number }} */ (db.prepare("select count(*) as n from processing_job where status in ('pending', 'running')").get()).n;
  } finally {
    db.close();
  }
}
