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
