import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const MAIN = path.resolve('dist/server/main.js');

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then the exit code and signal (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs the production build (`node dist/server/main.js`) as an operator would, with only the
 * given environment, and waits until /readyz answers 200. The build must exist: `npm test`
 * builds before the API tier; alone, run `npm run build` first.
 */
export async function startServerProcess(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` before this test`);
  // A caller that must know the address first (an OpenID provider's redirect URL) picks the port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    origin,
    output: () => output,
    async stop(graceMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
