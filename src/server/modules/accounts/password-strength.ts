import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { weakPasswordMessage } from '../../../shared/account.js';
import type { PublicConfig } from '../../../shared/public-config.js';
import { badRequest } from '../../http/http-error.js';

/**
 * zxcvbn's score 3 ("safely unguessable: moderate protection from an offline slow-hash
 * attack", about 10^8 guesses). With scrypt hashes and throttled logins that is the usual bar;
 * 4 refuses many memorable passphrases people would then write down.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with its common and English dictionaries. Loaded on first use and only here, on the
 * server: the dictionaries are megabytes the browser bundle must never carry. main.ts loads it
 * right after start-up, so the first sign-up does not wait for it.
 */
export function loadPasswordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return estimator;
}

/** Each phrase, plus its words of three letters or more ("Test University" -> "test", "university"). */
function contextWords(phrases: string[]): string[] {
  const words = new Set<string>();
  for (const phrase of phrases) {
    const lower = phrase.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  return [...words];
}

/**
 * Why `password` is too easy to guess, or null when it is strong enough. `context` holds what an
 * attacker would try first: the product and institution names, the e-mail domain, the user's
 * own name and address.
 */
export async function passwordWeakness(password: string, context: string[]): Promise<string | null> {
  const zxcvbn = await loadPasswordEstimator();
  const result = zxcvbn.check(password, contextWords(context));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  return weakPasswordMessage(result.feedback.warning, result.feedback.suggestions);
}

/**
 * Refuses (400, on `field`) a password an attacker would guess early, saying why. `personal`
 * holds the user's own name and address; the product, institution and domain are always added.
 */
export async function assertStrongPassword(password: string, site: PublicConfig, personal: string[], field = 'password'): Promise<void> {
  const context = [site.productName, site.institutionName, site.institutionEmailDomain, ...personal];
  for (const address of personal.filter((p) => p.includes('@'))) context.push(address.split('@')[0]!);
  const weakness = await passwordWeakness(password, context);
  if (weakness) throw badRequest(weakness, { code: 'PASSWORD_TOO_WEAK', field });
}
