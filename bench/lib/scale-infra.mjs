// The pieces of a scaled-out install (decision 019) for `npm run bench -- --only=scale`: s3rver,
// a fresh PostgreSQL database and Debian's nginx in a temp folder, never the system service. Each
// registers a synchronous clean-up with server.mjs, so a failure or Ctrl-C still stops it.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { fileHandoffLocation, proxyLocation, tempPaths, upstreamBlock } from '../../tests/support/nginx-config.mjs';
import { makeTempDir, onCleanUp, sleep } from './server.mjs';

/** s3rver knows this one account; it checks the key id but not V4 signatures. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/** Kills a child (and, for a group leader, its whole process group) if it still runs. */
function killer(child, group = false) {
  return () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {}
  };
}

/** s3rver in its own process (tests/support/s3rver-process.mjs) on a free port and a temp folder. */
export async function startS3rver() {
  const directory = makeTempDir('studyshelf-bench-s3-');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', 'tests/support/s3rver-process.mjs', directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const kill = killer(child);
  const unregister = onCleanUp(kill);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      child.stdin.end();
      await Promise.race([exited, sleep(5000)]);
      kill();
      unregister();
    },
  };
}

/**
 * A new, empty database on the bench's PostgreSQL; throws when there is none (the caller skips).
 * drop() waits for the servers' pools to go, then drops it; Ctrl-C drops it through psql.
 */
export async function createDatabase(adminUrl) {
  const name = `studyshelf_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const unregister = onCleanUp(() =>
    spawnSync('psql', [adminUrl, '-qc', `drop database if exists ${name} with (force)`], { stdio: 'ignore', timeout: 15_000 }),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await sleep(100);
        }
        await client.query(`drop database if exists ${name} with (force)`);
        unregister();
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * nginx on 127.0.0.1:port in front of `upstreams` (host:port, round robin) with the proxy
 * directives of docs/deploy.md section 10, and `/ref/` serving `staticDir` from disk (sendfile):
 * the reference a download through the app is compared with. `handoff` ({ prefix, root }) adds
 * docs/deploy.md's internal location for FILE_HANDOFF_PREFIX.
 */
export async function startNginx({ port, upstreams, staticDir, handoff = undefined }) {
  const dir = makeTempDir('studyshelf-bench-nginx-');
  const conf = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  // As root, workers would switch to `nobody`, who cannot enter this 0700 folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  writeFileSync(
    conf,
    `${user}
daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
${tempPaths(dir)}
${upstreamBlock(upstreams)}
  server {
    listen 127.0.0.1:${port};
    location /ref/ {
      alias ${staticDir}/;
      default_type application/pdf;
    }
${handoff ? fileHandoffLocation(handoff) : ''}
${proxyLocation()}
  }
}
`,
  );
  // Its own process group, so a clean-up on failure kills the workers with the master.
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-p', dir, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const kill = killer(child, true);
  const unregister = onCleanUp(kill);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // SIGQUIT: graceful stop of the master and its workers.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    kill();
    unregister();
  };
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${stderr}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer in time: ${stderr}`);
    }
    await sleep(100);
  }
  return { origin, port, stop };
}
