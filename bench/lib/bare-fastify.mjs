// Starts bare-fastify-server.mjs (the same plugins as the app, a fixed body) as a child process,
// so browse can be printed as a ratio of what Fastify itself does on this machine in the same run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
import { freePort, HttpClient, onCleanUp } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Returns { client, pid, setBody(text), stop() }; the child is killed by the bench's clean-up too. */
export async function startBareFastify() {
  // Bundled as the server is, since it imports the app's helmet options from src/server (TypeScript).
  const outfile = path.join(root, 'dist', 'bench', 'bare-fastify-server.mjs');
  await build({ ...nodeBundle, entryPoints: [path.join(root, 'bench', 'lib', 'bare-fastify-server.mjs')], outfile });
  const port = await freePort();
  const child = spawn(process.execPath, [outfile], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const unregister = onCleanUp(() => child.kill('SIGKILL'));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(undefined);
    });
    child.on('exit', (code) => reject(new Error(`the bare Fastify server exited with ${code}`)));
  });
  const client = new HttpClient(port);
  return {
    client,
    pid: child.pid,
    async setBody(text) {
      const res = await client.request({ method: 'PUT', path: '/body', headers: { 'content-type': 'text/plain' }, body: text });
      if (res.status !== 200) throw new Error(`the bare Fastify server answered ${res.status} to PUT /body`);
    },
    async stop() {
      client.close();
      unregister();
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.on('exit', resolve)));
    },
  };
}
