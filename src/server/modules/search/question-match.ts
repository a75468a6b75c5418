import { sql, type RawBuilder } from 'kysely';
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
 * "Questions only": a condition on `resource_page p` that keeps pages on which a question of the
 * paper stands whose text holds most of the groups (the same rule that names the question on a
 * result's card, question-hit.ts of the questions module).
 */
export function pageHasQuestion(sought: SoughtStems): RawBuilder<unknown> {
  if (!sought.length) return sql`1 = 0`;
  return sql`exists (select 1 from question qn where qn.resource_id = p.resource_id and qn.page = p.page and ${groupsFoundIn(sql.ref('qn.text'), sought)} >= ${groupsNeeded(sought)})`;
}
