import { createRequire } from 'node:module';

/**
 * The 1,000 most common passwords, from zxcvbn's ranked list (lower case). Loaded lazily and
 * only on the server, so the browser bundle does not carry the list.
 */
let common: Set<string> | undefined;

function load(): Set<string> {
  const require = createRequire(import.meta.url);
  const lists = require('zxcvbn/lib/frequency_lists.js') as { passwords: string[] };
  return new Set(lists.passwords.slice(0, 1000));
}

export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}
