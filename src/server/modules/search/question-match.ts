import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { QueryGroup } from './search-query.js';
import { unspaceCjk } from './search-terms.js';

/**
 * What a search looks for in a question's text: per group of the query, its alternatives, each
 * the stems of its words. Groups of only short or function words are left out: every question
 * has them, so they would make any question on the page look like the match.
 */
export type SoughtStems = string[][][];

/** Function words that say nothing of what a question asks (PostgreSQL's 'english' ignores them too). */
const FUNCTION_WORDS = new Set('the and for with what how why are was were from that this which into its any all'.split(' '));

/** A light suffix stripper, so "sorting" finds "sort" and "sorted" (the engine's stemmer is fuller). */
function stemOf(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The stems a question's text is looked through for (see SoughtStems). */
export function soughtStems(groups: readonly QueryGroup[]): SoughtStems {
  const sought: SoughtStems = [];
  for (const group of groups) {
    const alternatives = group.alternatives
      .map((term) => unspaceCjk(term.words.join(' ')).split(' ').filter((w) => [...w].length >= 3 && !FUNCTION_WORDS.has(w)).map(stemOf))
      .filter((words) => words.length > 0);
    if (alternatives.length) sought.push(alternatives);
  }
  return sought;
}

/** Most groups: more than half of them. */
export function groupsNeeded(sought: SoughtStems): number {
  return Math.floor(sought.length / 2) + 1;
}

/**
 * SQL counting the groups of `sought` found in `text` (case-insensitive substrings; a group is
 * found when every stem of one of its alternatives is). The stems are bound values, never SQL.
 */
export function groupsFoundIn(text: RawBuilder<unknown>, sought: SoughtStems): RawBuilder<number> {
  if (!sought.length) return sql<number>`0`;
  const found = sought.map((alternatives) => {
    const any = alternatives.map((stems) => sql`(${sql.join(stems.map((stem) => sql`lower(${text}) like ${`%${stem}%`}`), sql` and `)})`);
    return sql`case when ${sql.join(any, sql` or `)} then 1 else 0 end`;
  });
  return sql<number>`(${sql.join(found, sql` + `)})`;
}

/**
 * SQL: the question `alias` stands on `page`: it starts there, or starts on an earlier page and
 * runs onto it (a question over a page break). `regions` is the JSON the questions module writes,
 * [{"page":1,"box":[..]},{"page":2,..}], so `"page":2,` names a page it covers (never page 12).
 */
export function questionCoversPage(alias: string, page: RawBuilder<number> | number): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  // A number is put in the pattern here: SQLite binds JS numbers as reals, cast to '2.0'.
  const covered = typeof page === 'number' ? sql`${`%"page":${page},%`}` : sql`('%"page":' || cast(${page} as varchar(12)) || ',%')`;
  return sql<SqlBool>`(${column('page')} = ${page} or (${column('page')} < ${page} and ${column('regions')} like ${covered}))`;
}

/**
 * "Questions only": a condition on `resource_page p` that keeps pages on which a question of the
 * paper stands (or runs onto) whose text holds most of the groups (the same rule that names the
 * question on a result's card, question-hits.ts of the questions module).
 */
export function pageHasQuestion(sought: SoughtStems): RawBuilder<unknown> {
  if (!sought.length) return sql`1 = 0`;
  return sql`exists (select 1 from question qn where qn.resource_id = p.resource_id and ${questionCoversPage('qn', sql<number>`p.page`)} and ${groupsFoundIn(sql.ref('qn.text'), sought)} >= ${groupsNeeded(sought)})`;
}
