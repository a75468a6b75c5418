import { stripControlCharacters } from '../../../shared/control-characters.js';
import { CJK, spaceCjk } from '../../../shared/search.js';

/** Indexed words are at most this long; longer runs (hashes, base64) are never typed by anyone. */
export const MAX_TERM_LENGTH = 40;

/**
 * The words of a text as students type them: lower case, accents removed, split at anything that
 * is not a letter or digit of any script (so Cyrillic, Arabic and CJK words are words too).
 */
export function textWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The distinct words of a text worth keeping for typo correction (2 to MAX_TERM_LENGTH long). */
export function distinctTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of textWords(text)) {
    if (word.length >= 2 && word.length <= MAX_TERM_LENGTH) terms.add(word);
  }
  return [...terms];
}

/** A space between two CJK characters, possibly with match markers around either. */
const CJK_SPACE = new RegExp(`([${CJK}][\ue000\ue001]*) (?=[\ue000\ue001]*[${CJK}])`, 'gu');

/** Undoes spaceCjk for display (snippets): drops a space between two CJK characters. */
export function unspaceCjk(text: string): string {
  return text.replace(CJK_SPACE, '$1');
}

/** The two private-use characters that mark matches in snippets (search.repository.ts). */
const MATCH_MARKERS = /[\ue000\ue001]/g;

/**
 * Page text as the index stores it: no control characters (PostgreSQL refuses NUL in text, the
 * others only confuse snippets; lines are kept) or match markers, CJK spaced.
 */
export function indexableText(text: string): string {
  return spaceCjk(stripControlCharacters(text, { keepNewlines: true }).replace(MATCH_MARKERS, ' '));
}
