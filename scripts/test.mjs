// `npm test`: every tier, in the order that fails fastest. Exits non-zero if any tier fails.
//   1. type check   2. lint (import zones, no cycles)   3. production build
//   4. unit + API tests (SQLite and PostgreSQL) + the two-instance test behind nginx (tests/scale,
//      needs the build)   5. browser journeys (Playwright, Debian Chromium, against the built app)
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type check (app, tests, and bench through its JSDoc)', 'npm', ['run', 'typecheck']],
  ['Lint', 'npx', ['eslint', '.']],
  ['Build', 'npm', ['run', 'build']],
  ['Unit, API (SQLite and PostgreSQL) and two-instance tests', 'npx', ['vitest', 'run']],
  ['Browser journeys (Playwright)', 'npx', ['playwright', 'test']],
];

for (const [title, command, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${title}: FAILED after ${seconds}s ===`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${title}: passed in ${seconds}s ===`);
}
console.log('\nAll test tiers passed.');
