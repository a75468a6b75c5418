#!/usr/bin/env node
// Issue 12, finding 2: do parallel wrong passwords outrun the login throttle?
// Sends --count wrong passwords for one account at once (plus the right one if given) and prints
// what came back. At most 5 answers may be other than 429 (the account limit).
import { parseAttackArgs, postJson, tally } from './common.mjs';

const USAGE = `Usage: node scripts/attack/parallel-logins.mjs BASE_URL --email E [--password RIGHT] [--count 40]

  BASE_URL   the server under test, on this machine only (e.g. http://127.0.0.1:3000)
  --email    the account to guess at
  --password its real password, sent together with the wrong ones (optional)
  --count    wrong passwords sent in parallel (1-200, default 40)
`;

const { base, count, values } = parseAttackArgs(USAGE, {
  email: { type: 'string' },
  password: { type: 'string' },
  count: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
});
if (!values.email) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const attempts = Array.from({ length: count }, (_, i) => ({ email: values.email, password: `WrongGuess${i}x` }));
if (values.password) attempts.push({ email: values.email, password: values.password });
const started = performance.now();
const results = await Promise.all(attempts.map((body) => postJson(base, '/api/auth/login', body)));
const checked = results.filter((r) => r.status !== 429).length;
console.log(`${results.length} logins in ${Math.round(performance.now() - started)} ms: ${tally(results)}`);
console.log(`passwords checked (answers other than 429): ${checked}`);
if (values.password) console.log(`the right password got ${results.at(-1).status}`);
const refused = results.find((r) => r.status === 429);
if (refused) console.log(`a refusal: ${refused.body}`);
