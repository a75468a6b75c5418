import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashing } from '../config.js';

const KEY_LENGTH = 64;

function derive(password: string, salt: string, cost: PasswordHashing): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 128 * cost.N * cost.r * 2;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The `password` option of better-auth for a cost other than its own. At the default cost this
 * is nothing: better-auth hashes with its own code, as it always has. Otherwise the same scheme
 * as better-auth's (scrypt of the NFKC password, a 16-byte hex salt, "salt:key" in hex) with
 * the cost given, so only the cost differs.
 */
export function passwordHashingOption(cost: PasswordHashing) {
  if (cost.N === DEFAULT_PASSWORD_HASHING.N && cost.r === DEFAULT_PASSWORD_HASHING.r && cost.p === DEFAULT_PASSWORD_HASHING.p) return {};
  return {
    password: {
      async hash(password: string): Promise<string> {
        const salt = randomBytes(16).toString('hex');
        return `${salt}:${(await derive(password, salt, cost)).toString('hex')}`;
      },
      async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
        const [salt, key] = hash.split(':');
        if (!salt || !key) return false;
        const expected = Buffer.from(key, 'hex');
        const derived = await derive(password, salt, cost);
        return derived.length === expected.length && timingSafeEqual(derived, expected);
      },
    },
  };
}
