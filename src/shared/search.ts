import { describe, withoutBidiControls, z } from './zod.js';

/**
 * Search inside the papers and the processing pipeline behind it (issue 13): the contract shared
 * by the server, the screens and the tests.
 */

/**
 * One piece of a snippet: the snippet is a list of parts so no text from a PDF is ever rendered
 * as HTML; `match` parts are shown highlighted.
 */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

/** The question of a past paper a hit stands in (issue 35): most searched words are in its text. */
// Field texts are doc comments, not describe(): this schema is in the list's first load.
export const hitQuestionSchema = z.object({
  id: z.string(),
  /** As printed, e.g. Q3(a). */
  label: z.string(),
  marks: z.nullable(z.int()),
  /** Years of the subject's papers that ask it, oldest first. */
  askedYears: z.array(z.int()),
  /** Papers of the subject that ask it, this one included. */
  askedCount: z.int(),
});
export type HitQuestion = z.infer<typeof hitQuestionSchema>;

/** Why a resource matched a query: the best page (0 = subject or file name) and its snippet. */
export const searchHitSchema = z.object({
  page: describe(z.number().check(z.int()), '1-based page of the best match; 0 when only the subject or file name matched'),
  snippet: z.array(snippetPartSchema),
  /** The question on that page holding most of the words, on a paper split into questions. */
  question: z.optional(hitQuestionSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** An abbreviation students type for a subject ("DSA" -> "Data Structures"). */
export const subjectAliasSchema = z.object({
  alias: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'An abbreviation has 2 to 12 letters or digits'),
        z.maxLength(12, 'An abbreviation has 2 to 12 letters or digits'),
        z.regex(/^[\p{L}\p{N}]+$/u, 'An abbreviation has 2 to 12 letters or digits'),
      ),
    z.transform((value: string) => value.toUpperCase()),
  ),
  subject: z
    .string()
    .check(withoutBidiControls(), z.trim(), z.minLength(2, 'Name the subject it stands for'), z.maxLength(80, 'Subject names are at most 80 characters')),
});
export type SubjectAlias = z.infer<typeof subjectAliasSchema>;
export const subjectAliasListSchema = z.object({ aliases: z.array(subjectAliasSchema) });

const ACRONYM_STOP_WORDS = new Set(['and', 'of', 'the', 'to', 'in', 'for', 'with', '&']);

/**
 * The initials of a subject's words ("Operating Systems" -> "OS", "Design and Analysis of
 * Algorithms" -> "DAA"); undefined for one-word subjects, which students type in full.
 */
export function subjectAcronym(subject: string): string | undefined {
  const words = subject
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((word) => word && !ACRONYM_STOP_WORDS.has(word.toLowerCase()));
  if (words.length < 2) return undefined;
  return words.map((word) => word[0]!.toUpperCase()).join('');
}

/** Abbreviations that are not a subject's initials but that every student uses. */
export const COMMON_SUBJECT_ALIASES: Readonly<Record<string, string>> = {
  DSA: 'Data Structures',
  DAA: 'Algorithms',
  DBMS: 'Database Management Systems',
  OOP: 'Object Oriented Programming',
  COA: 'Computer Organization and Architecture',
  TOC: 'Theory of Computation',
};

/**
 * Page 0 of a resource's searchable text: what the uploader typed (subject, title) and the file's name, with the
 * separators of file names (`dbms_unit-1.pdf`) turned into spaces so each word is indexed.
 */
export function pageZeroText(subject: string, originalName: string, title?: string | null): string {
  const name = originalName.replace(/\.pdf$/i, '').replace(/[_\-.+]+/g, ' ');
  // A title left at its default repeats the file name: once is enough (ranking counts words).
  const sameAsName = (title ?? '').toLowerCase().replace(/[_\-.+\s]+/g, ' ').trim() === name.toLowerCase().replace(/\s+/g, ' ').trim();
  return [subject, sameAsName ? '' : (title ?? ''), name].filter(Boolean).join(' \n');
}

/**
 * Link that opens a resource's preview on a page with words highlighted
 * (`/filter-resources?...&preview=<id>&page=N&highlight=w1+w2`).
 */
export const HIGHLIGHT_PARAM = 'highlight';
/** The preview's page in that link (`?preview=<id>&page=N`, short enough to share). */
export const PREVIEW_PAGE_PARAM = 'page';
/** The preview page's older name, kept so links already shared still open; read, never written. */
export const LEGACY_PREVIEW_PAGE_PARAM = 'previewPage';
/**
 * The result list's page on /filter-resources (`page` is the preview's); `page` without `preview`
 * beside it is still read as the list's page, so older links keep working.
 */
export const RESULTS_PAGE_PARAM = 'resultsPage';

/** PUT /api/admin/aliases answers with the saved abbreviation. */
export const subjectAliasResponseSchema = z.object({ alias: subjectAliasSchema });
/** DELETE /api/admin/aliases/:alias (any case). */
export const subjectAliasParamsSchema = z.object({
  alias: z.pipe(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(20)),
    z.transform((value: string) => value.toUpperCase()),
  ),
});

export const SEARCH_MESSAGES = {
  aliasSaved: 'Abbreviation saved',
  aliasDeleted: 'Abbreviation deleted',
  aliasNotFound: 'There is no such abbreviation',
} as const;

/** Scripts written without spaces between words: Chinese, Japanese kana, and Korean syllables. */
export const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const CJK_PAIR = new RegExp(`([${CJK}])(?=[${CJK}])`, 'gu');

/**
 * Puts a space between adjacent CJK characters, so each is a word for both databases' tokenizers
 * (FTS5's unicode61 and PostgreSQL's parser would otherwise take a whole run, often a sentence,
 * as one word, and "结构" would never find "数据结构"). A query's CJK run becomes the phrase of
 * its characters, which finds it anywhere inside a run, in order.
 */
export function spaceCjk(text: string): string {
  return text.replace(CJK_PAIR, '$1 ');
}
