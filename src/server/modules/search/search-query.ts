import { spaceCjk } from '../../../shared/search.js';
import { MAX_TERM_LENGTH, textWords, unspaceCjk } from './search-terms.js';

/**
 * The words of a query as the index's own tokenizer sees them: lower case, accents kept (FTS5
 * removes only Latin diacritics and PostgreSQL's 'english' none, so each database normalises
 * its own way, the same for the text and the query).
 */
export function queryWords(text: string): string[] {
  return spaceCjk(text)
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

/** A word as search_term holds it (accents removed), for typo correction. */
export function termOf(word: string): string {
  return textWords(word).join('');
}

/** A query never grows beyond this many words (phrases count each word), nor 100 characters. */
export const MAX_QUERY_WORDS = 8;
export const MAX_QUERY_CHARS = 100;

/** One thing to look for: a word, or a phrase when it has several words. */
export interface QueryTerm {
  words: string[];
  /** The last word matches as a prefix (the word being typed). */
  prefix: boolean;
}

/** A group matches when any of its alternatives does; every group of a query must match. */
export interface QueryGroup {
  /** What the user typed for this group (alternatives[0] before expansion). */
  typed: QueryTerm;
  alternatives: QueryTerm[];
}

/** Shortest word the typo correction looks at: shorter words have too many neighbours. */
const MIN_CORRECTED_LENGTH = 5;

/**
 * Turns a search box's text into groups of terms, never failing: "quoted phrases" (an unclosed
 * quote runs to the end), words split at anything that is not a letter or digit of any script
 * (so `object-oriented` is the phrase "object oriented" and `c++` is `c`), and the last word,
 * when the text does not end with a space or a closing quote, as a prefix. Operators of either
 * database's syntax (AND, OR, NEAR, `*`, `:`, `^`, `&`, `|`, `!`) are only words or punctuation
 * here; the dialects quote every word they receive. A run of CJK characters is the phrase of
 * its characters, as the index holds them (search-terms.ts spaceCjk). Empty for a query with no
 * words at all.
 */
export function parseQuery(text: string): QueryGroup[] {
  const input = text.slice(0, MAX_QUERY_CHARS);
  const groups: QueryGroup[] = [];
  let budget = MAX_QUERY_WORDS;
  const chunks = [...input.matchAll(/"([^"]*)"?|[^\s"]+/g)];
  const endsOpen = /[^\s"]$/.test(input);
  chunks.forEach((chunk, index) => {
    if (budget <= 0) return;
    const quoted = chunk[1] !== undefined;
    const words = queryWords(quoted ? chunk[1]! : chunk[0])
      .map((word) => word.slice(0, MAX_TERM_LENGTH))
      .slice(0, budget);
    if (!words.length) return;
    budget -= words.length;
    const last = index === chunks.length - 1;
    const lastWord = words[words.length - 1]!;
    // A single letter as a prefix matches most of the library: only from two letters on.
    const prefix = !quoted && last && endsOpen && lastWord.length >= 2;
    const typed = { words, prefix };
    groups.push({ typed, alternatives: [typed] });
  });
  return groups;
}

/** The group of the word being typed (a term with `prefix`, only ever in the last group), if any. */
export function typedGroup(groups: QueryGroup[]): number | undefined {
  const i = groups.findIndex((group) => group.alternatives.some((t) => t.prefix));
  return i < 0 ? undefined : i;
}

/** The single word of a group that may be an abbreviation or a typo, if it is one word. */
export function singleWord(group: QueryGroup): string | undefined {
  return group.typed.words.length === 1 ? group.typed.words[0] : undefined;
}

/** True when typo correction may look at this word (long enough, not a number). */
export function correctable(word: string): boolean {
  return [...word].length >= MIN_CORRECTED_LENGTH && !/^\p{N}+$/u.test(word);
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every string at edit distance 1 from `word` (one letter deleted, inserted, replaced, or two
 * neighbours swapped). Inserted and replacing letters come from a-z0-9 and the word's own
 * letters, which covers typos in Latin words and most in other scripts.
 */
export function editDistanceOne(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...LATIN, ...letters])];
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('');
    const tail = letters.slice(i);
    if (tail.length) out.add(head + tail.slice(1).join(''));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const letter of alphabet) {
      out.add(head + letter + tail.join(''));
      if (tail.length) out.add(head + letter + tail.slice(1).join(''));
    }
  }
  out.delete(word);
  return [...out].filter((candidate) => candidate.length >= 2);
}

/**
 * The distinct words to highlight in a preview for these groups. A CJK phrase is highlighted as
 * the run the page shows (no spaces), not character by character.
 */
export function highlightTerms(groups: QueryGroup[]): string[] {
  const terms = new Set<string>();
  for (const group of groups) {
    for (const alternative of group.alternatives) {
      const joined = unspaceCjk(alternative.words.join(' '));
      for (const word of joined.split(' ')) terms.add(word);
    }
  }
  return [...terms].slice(0, 24);
}
