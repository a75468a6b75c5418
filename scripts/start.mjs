// `npm start`: builds when the sources changed since the last build (a second start serves in
// seconds), then runs the server and ends its start-up output with one plain line saying where
// the app is. The build's own output is kept short; the server's log lines pass through as they are.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What a build reads: when none of these changed (or was added or removed), the build is current. */
const INPUTS = ['src', 'scripts', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const STAMP = 'dist/.build-inputs';

function inputsStamp() {
  let newest = 0;
  let files = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
      return;
    }
    files++;
    newest = Math.max(newest, stat.mtimeMs);
  };
  INPUTS.forEach(visit);
  return `${files} files, newest ${new Date(newest).toISOString()}`;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const stamp = inputsStamp();
const built = existsSync('dist/server/main.js') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp;
if (built) {
  console.log('Build is up to date (no source changed since the last one).');
} else {
  console.log('Building the web app and the server...');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  run('node', ['scripts/build-server.mjs']);
  writeFileSync(STAMP, stamp);
}

const server = spawn(process.execPath, ['dist/server/main.js'], { stdio: ['inherit', 'pipe', 'inherit'] });
let pending = '';
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    // The server's start-up log line (pino JSON): "<product> is running at <url> (database: ...)".
    const message = line.startsWith('{') ? JSON.parse(line).msg : undefined;
    const running = typeof message === 'string' && / is running at (\S+)/.exec(message);
    if (running) console.log(`\nStudyShelf is running at ${running[1]} (Ctrl-C stops it).`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
