// Shared by the attack scripts: argument parsing and the 127.0.0.1-only guard.
import { parseArgs } from 'node:util';

export const MAX_PARALLEL = 200;

/** Parses argv; the first positional is the base URL, which must point at this machine. */
export function parseAttackArgs(usage, options) {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options });
  const base = positionals[0];
  if (!base || values.help) {
    process.stdout.write(usage);
    process.exit(base ? 0 : 2);
  }
  const url = new URL(base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    process.stderr.write(`Refusing ${url.hostname}: these scripts only attack a server on this machine (127.0.0.1).\n`);
    process.exit(2);
  }
  const count = Number(values.count ?? 40);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PARALLEL) {
    process.stderr.write(`--count must be between 1 and ${MAX_PARALLEL}.\n`);
    process.exit(2);
  }
  return { base: url.origin, count, values };
}

export async function postJson(base, path, body) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text, ms: performance.now() - started };
}

/** "401 x5, 429 x36" */
export function tally(results) {
  const counts = new Map();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status} x${n}`).join(', ');
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
