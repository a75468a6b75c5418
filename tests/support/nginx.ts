import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileHandoffLocation, proxyLocation, tempPaths, upstreamBlock } from './nginx-config.mjs';

export interface TestNginx {
  origin: string;
  /** The error log so far (upstream failures are logged there). */
  errorLog(): Promise<string>;
  close(): Promise<void>;
}

/** Whether Debian's nginx is installed (.ci/run installs it). */
export function nginxInstalled(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * nginx in front of `upstreams` (host:port), round robin, as a deployment's load balancer would be
 * (docs/deploy.md has the same directives). It runs in the foreground (`daemon off`) with its own
 * config, temp folders and logs in a fresh folder, never as the system service.
 */
export async function startNginx(
  port: number,
  upstreams: string[],
  options: {
    /** Serve the app's files folder on an internal location for X-Accel-Redirect (FILE_HANDOFF_PREFIX). */
    files?: { prefix: string; root: string };
  } = {},
): Promise<TestNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'studyshelf-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  // As root, workers would switch to `nobody`, who cannot enter this 0700 folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  await writeFile(
    conf,
    `${user}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
${tempPaths(dir)}
${upstreamBlock(upstreams)}
  server {
    listen 127.0.0.1:${port};
${options.files ? fileHandoffLocation(options.files) : ''}
${proxyLocation()}
  }
}
`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${stderr}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    errorLog: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
    async close() {
      // SIGQUIT: graceful stop of the master and its worker.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
