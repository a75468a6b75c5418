// Starts bare-fastify-server.mjs (the same plugins as the app, a fixed body) as a child process,
// so browse can be printed as a ratio of what Fastify itself does on this machine in the same run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, HttpClient, onCleanUp } from './server.mjs';

/** Returns { client, pid, setBody(text), stop() }; the child is killed by the bench's clean-up too. */
export async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-fastify-server.mjs', import.meta.url))], {
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
