// `npm run bench`: measures the budgets of DESIGN.md §5 that exist so far and prints a table.
// Needs a build (`npm run build`). Traffic goes only to a server this script starts on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const rows = [];
const record = (what, value, budget, ok) => rows.push({ what, value, budget, verdict: ok ? 'ok' : 'OVER' });

// 1. First-load JavaScript: the entry script plus every chunk index.html preloads, gzip-compressed.
const webDir = 'dist/web';
const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const firstLoadBytes = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(path.join(webDir, src)), { level: 9 }).length, 0);
record('first-load JS (gzip)', `${(firstLoadBytes / 1024).toFixed(1)} KB`, '< 150 KB', firstLoadBytes < 150 * 1024);

// 2. API latency with 50 concurrent keep-alive clients on SQLite.
const port = 3300 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(tmpdir(), 'studyshelf-bench-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
const get = (urlPath) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on('error', reject);
  });

try {
  for (let i = 0; ; i++) {
    try {
      if ((await get('/readyz')).status === 200) break;
    } catch {}
    if (i > 100) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  for (const [label, urlPath] of [
    ['GET /api/catalogue/branches', '/api/catalogue/branches'],
    ['GET /api/catalogue/subjects', '/api/catalogue/subjects?branch=cse&semester=3'],
  ]) {
    const total = 5000;
    const times = [];
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        const { status, ms } = await get(urlPath);
        if (status !== 200) throw new Error(`${urlPath} answered ${status}`);
        times.push(ms);
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker)); // warm-up and measure in one pass
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    record(`${label} p50/p99 (50 clients)`, `${percentile(times, 50).toFixed(1)} / ${p99.toFixed(1)} ms`, 'p99 < 25 ms', p99 < 25);
  }
} finally {
  server.kill('SIGTERM');
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

console.table(rows);
