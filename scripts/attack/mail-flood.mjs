#!/usr/bin/env node
// Issue 12, findings 3 and 7: can a visitor flood an address with mails, and does the answer's
// timing tell whether an address has an account?
// Sends --count parallel resend-verification (or forgot-password) requests for one address and
// prints the answers; count the mails at your sink (or console) afterwards: at most 3 per
// address and kind per hour are allowed. --timing then compares median answer times of the
// address and an unknown one, a few sequential calls each (their ratio should be close to 1).
import { median, parseAttackArgs, postJson, tally } from './common.mjs';

const USAGE = `Usage: node scripts/attack/mail-flood.mjs BASE_URL --email E [--kind resend|forgot] [--count 40] [--timing]

  BASE_URL   the server under test, on this machine only (e.g. http://127.0.0.1:3000)
  --email    the address to flood (an unverified account for resend, any account for forgot)
  --kind     resend (verification link, default) or forgot (password reset link)
  --count    requests sent in parallel (1-200, default 40)
  --timing   also time 5 sequential calls for E and for an unknown address of the same domain
`;

const { base, count, values } = parseAttackArgs(USAGE, {
  email: { type: 'string' },
  kind: { type: 'string' },
  count: { type: 'string' },
  timing: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});
const kind = values.kind ?? 'resend';
if (!values.email || !['resend', 'forgot'].includes(kind)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const path = kind === 'resend' ? '/api/auth/resend-verification' : '/api/auth/forgot-password';

const started = performance.now();
const results = await Promise.all(Array.from({ length: count }, () => postJson(base, path, { email: values.email })));
console.log(`${count} x ${path} in ${Math.round(performance.now() - started)} ms: ${tally(results)}`);
console.log(`distinct answers: ${new Set(results.map((r) => `${r.status} ${r.body}`)).size}`);
console.log('Now count the mails to that address at your mail sink or on the server console.');

if (values.timing) {
  const unknown = `nobody.${Date.now()}@${values.email.split('@')[1]}`;
  const times = { known: [], unknown: [] };
  for (let i = 0; i < 5; i++) {
    times.known.push((await postJson(base, path, { email: values.email })).ms);
    times.unknown.push((await postJson(base, path, { email: unknown })).ms);
  }
  const [k, u] = [median(times.known), median(times.unknown)];
  console.log(`median answer: ${values.email} ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms, ratio ${(k / u).toFixed(2)}`);
}
