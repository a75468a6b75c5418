import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { compactPages, NO_PAGES, type PhrasePages } from './phrase-scores.js';
import { prefixPages } from './prefix-pages.js';
import { RememberedScores } from './remembered-scores.js';
import { typedGroup, typedWithOthers, wholeWords, type QueryGroup, type QueryTerm } from './search-query.js';
import { SearchVocabularyRepository } from './search-vocabulary.repository.js';
import { DEFAULT_SEARCH_LIMITS, facetConditions, hasFacets, MATCH_END, MATCH_START, pageOfBest, pageOfMatches } from './search.repository.js';
import type { Ranking, SearchFilter, SearchLimits, SearchRepository, SearchRequest, SearchResult } from './search.repository.js';

/** Tokens of context around the match in a snippet. */
const SNIPPET_TOKENS = 24;

/**
 * FTS5 MATCH text for parsed groups: every word in double quotes (a quote inside doubled), so
 * nothing the user typed is read as an operator (AND, OR, NOT, NEAR), a column filter, `^` or `*`.
 */
export function ftsMatch(groups: QueryGroup[]): string {
  return groups
    .map((group) => {
      const alternatives = group.alternatives.map(term);
      return alternatives.length > 1 ? `(${alternatives.join(' OR ')})` : alternatives[0]!;
    })
    .join(' AND ');
}

/**
 * A resource's name in memory (page-owners.ts, facet-members.ts): the id of its first page, which
 * never changes (a rowid of `resource` could, after a VACUUM).
 */
const firstPageOf = (resourceId: RawBuilder<unknown>) => sql`(select min(q.id) from resource_page q where q.resource_id = ${resourceId})`;

/** One phrase of a MATCH text: a term's words quoted, `*` after a prefix. */
const term = (t: QueryTerm) => `"${t.words.join(' ').replace(/"/g, '""')}"${t.prefix ? '*' : ''}`;

/**
 * Full-text search on SQLite: FTS5 over resource_page (porter stemmer, unicode61), ranked by
 * bm25. A common word matches tens of thousands of pages; these queries run on the database's
 * reader thread (Db.readHeavy) so they never hold up the event loop.
 */
export class SqliteSearchRepository implements SearchRepository {
  private readonly remembered: RememberedScores;
  private readonly vocabulary: SearchVocabularyRepository;

  constructor(
    private readonly db: Db,
    private readonly limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
  ) {
    this.vocabulary = new SearchVocabularyRepository(db.kysely);
    this.remembered = new RememberedScores(
      {
        scorePhrase: (phrase) => this.scorePhrase(phrase),
        prefixPages: async (prefix) => {
          const [ids = new Float64Array(0)] = await this.db.readColumns(
            sql`select rowid from resource_page_fts where resource_page_fts match ${prefix} order by rowid`.compile(this.db.kysely),
          );
          return prefixPages(ids);
        },
        ownersAfter: async (after) => {
          const [ids = new Float64Array(0), owners = new Float64Array(0)] = await this.db.readColumns(
            sql`select p.id, ${firstPageOf(sql`p.resource_id`)} from resource_page p indexed by resource_page_owner
              where p.id > ${after} order by p.id`.compile(this.db.kysely),
          );
          return [ids, owners];
        },
        facetMembers: async (filter) => {
          const [ids = new Float64Array(0)] = await this.db.readColumns(
            sql`select ${firstPageOf(sql`r.id`)} from resource r where ${facetConditions(filter)}`.compile(this.db.kysely),
          );
          return ids;
        },
        indexVersion: () => this.vocabulary.indexVersion(),
      },
      limits,
    );
  }

  forget(): void {
    this.remembered.forget();
  }

  private read<R>(query: RawBuilder<R>): Promise<R[]> {
    return this.db.readHeavy(query.compile(this.db.kysely));
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const found = await this.remembered.matches(request, term);
    if (found) return pageOfBest((q) => this.read(q), request, this.limits, found);
    return pageOfMatches((q) => this.read(q), request, this.limits, this.ranking(request));
  }

  /** Resolves when no phrase is being scored to be remembered (tests, the bench). */
  async phrasesScored(): Promise<void> {
    await this.remembered.idle();
  }

  /** bm25 of one phrase on every page it matches, read in one pass. */
  private async scorePhrase(phrase: string): Promise<PhrasePages> {
    const [ids, scores] = await this.db.readColumns(
      sql`select rowid, bm25(resource_page_fts) from resource_page_fts where resource_page_fts match ${phrase} order by rowid`.compile(
        this.db.kysely,
      ),
    );
    return compactPages(ids && scores ? { ids, scores } : NO_PAGES);
  }

  /** How FTS5 finds, ranks and counts the request's pages. */
  private ranking(request: SearchRequest): Ranking {
    const match = ftsMatch(request.groups);
    // A page's resource passes the facets: only asked when a facet is set. The owner index
    // (migration 011) answers id -> resource without reading the page row and its text.
    const facets = (filter: SearchFilter) =>
      hasFacets(filter)
        ? sql`and exists (select 1 from resource_page p indexed by resource_page_owner join resource r on r.id = p.resource_id
            where p.id = resource_page_fts.rowid and ${facetConditions(filter)})`
        : sql``;
    const bounded = (rows: RawBuilder<unknown>, limit?: number, through?: number) => sql`
      select page_id, score from (${rows}) w
      ${through === undefined ? sql`` : sql`where score <= ${through}`}
      ${limit === undefined ? sql`` : sql`order by score limit ${limit}`}`;
    const typed = typedWithOthers(request.groups);
    return {
      // bm25 is lower for better matches, and may only be called in the MATCH query itself (the
      // materialized CTE t); ORDER BY with LIMIT keeps only the best rows while it scans.
      pages: (filter, limit, through) =>
        typed === undefined
          ? sql`
        select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts
        where resource_page_fts match ${match} ${facets(filter)}
        ${through === undefined ? sql`` : sql`and bm25(resource_page_fts) <= ${through}`}
        ${limit === undefined ? sql`` : sql`order by score limit ${limit}`}`
          : bounded(this.typedPages(request.groups, typed, facets(filter)), limit, through),
      // min() picks the best page of each resource, and SQLite takes the bare columns (page, id)
      // from that same row.
      best: sql`
        select p.resource_id, p.page, p.id as page_id, min(t.score) as score
        from t join resource_page p indexed by resource_page_owner on p.id = t.page_id
        group by p.resource_id`,
      // DISTINCT with LIMIT stops scanning once `cap` resources are found.
      countResources: (filter, cap) => sql<{ n: number }>`
        select count(*) as n from (
          select distinct p.resource_id from resource_page_fts f join resource_page p indexed by resource_page_owner on p.id = f.rowid
          ${hasFacets(filter) ? sql`join resource r on r.id = p.resource_id` : sql``}
          where resource_page_fts match ${match} and ${facetConditions(filter)}
          limit ${cap})`,
      scoreDirection: 'asc',
    };
  }

  /**
   * The pages of a query with a word being typed (group `typed`) and other words, scored as its
   * letters are as a whole word (decision 028): bm25 of the query with that word whole where the
   * page holds it, and where it holds only a longer word beginning so, bm25 of the other groups
   * alone ("NOT" adds nothing for the word it leaves out), among the query's own matches
   * (`+rowid`: one pass, not a MATCH per id). As costly as ranking by the prefix was (~18 ms for a
   * common word and three letters on 200,000 pages); the remembered scores spare it.
   */
  private typedPages(groups: QueryGroup[], typed: number, facets: RawBuilder<unknown>): RawBuilder<unknown> {
    const whole = groups.map(wholeWords);
    const others = ftsMatch(whole.filter((_, i) => i !== typed));
    const word = ftsMatch([whole[typed]!]);
    return sql`
      select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts
      where resource_page_fts match ${ftsMatch(whole)} ${facets}
      union all
      select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts
      where resource_page_fts match ${`(${others}) NOT (${word})`} ${facets}
      and +rowid in (select rowid from resource_page_fts where resource_page_fts match ${ftsMatch(groups)})`;
  }

  async snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>> {
    if (!pageIds.length) return new Map();
    if (typedGroup(groups) === undefined) return this.snippetsOf(ftsMatch(groups), pageIds, false);
    // Given the ids, FTS5 evaluates the MATCH once per id: for a word a seek in its list, for a
    // prefix a merge of the lists of every word beginning so (5-80 ms each time on 200,000 pages).
    // So a word being typed is marked where the page holds it whole, with the query's other
    // words (decision 028); only pages holding none of them (a query of nothing but the word
    // being typed, on a page with only longer words) take one pass over the prefix's matches,
    // `+rowid` keeping the ids from FTS5 (one merge, not one per page).
    const words = groups.flatMap((group) => wholeWords(group).alternatives.map(term)).join(' OR ');
    const found = await this.snippetsOf(words, pageIds, false);
    const rest = pageIds.filter((id) => !found.has(id));
    if (rest.length) for (const [id, snippet] of await this.snippetsOf(ftsMatch(groups), rest, true)) found.set(id, snippet);
    return found;
  }

  private async snippetsOf(match: string, pageIds: number[], onePass: boolean): Promise<Map<number, string>> {
    // JavaScript numbers are bound as REAL, and FTS5 given `rowid = 101.0` (an IN of one id)
    // ignores it and returns every match (78,819 snippets for a common word, 2 s): integers.
    const ids = onePass ? sql.join(pageIds) : sql.join(pageIds.map((id) => sql`cast(${id} as integer)`));
    const rows = await this.read(sql<{ page_id: number; snippet: string }>`
      select rowid as page_id, snippet(resource_page_fts, 0, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) as snippet
      from resource_page_fts
      where resource_page_fts match ${match} and ${onePass ? sql`+rowid` : sql`rowid`} in (${ids})`);
    return new Map(rows.map((r) => [Number(r.page_id), r.snippet]));
  }
}
