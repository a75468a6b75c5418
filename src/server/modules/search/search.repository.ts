import { sql, type RawBuilder } from 'kysely';
import type { ResourceFilter } from '../resources/resource.repository.js';
import type { QueryGroup } from './search-query.js';

/** The order of search results: relevance (bm25 / ts_rank) or the browse orders. */
export type SearchOrder = 'relevance' | 'newest' | 'downloads';

export type SearchFilter = Omit<ResourceFilter, 'words'>;

export interface SearchRequest {
  groups: QueryGroup[];
  filter: SearchFilter;
  order: SearchOrder;
  offset: number;
  limit: number;
  /** The search index version the caller read (search-vocabulary.repository.ts), when it has one. */
  indexVersion?: number;
}

/** One resource that matched, with its best page. */
export interface SearchMatch {
  resourceId: string;
  page: number;
  /** resource_page.id of that page, for its snippet. */
  pageId: number;
}

export interface SearchResult {
  /** Resources matching; when `totalCapped`, only a lower bound (counting stopped there). */
  total: number;
  /** More than `total` resources match: the count stopped at its cap (SearchLimits.countCap). */
  totalCapped: boolean;
  matches: SearchMatch[];
}

/**
 * How much work a search may do before it answers "more than": both the defaults and what tests
 * shrink to reach the bounded paths with a handful of papers.
 */
export interface SearchLimits {
  /** Resources counted at most; beyond, the total is "this many or more" (plus the page asked for). */
  countCap: number;
  /** Best pages ranked in the first pass of a relevance search, per result asked for (offset + limit). */
  pagesPerResult: number;
  /** The first pass ranks at least this many pages, and grows eightfold up to `maxPages` before ranking every page. */
  minPages: number;
  maxPages: number;
  /**
   * Memory for each phrase's remembered scores (phrase-lists.ts), per server process, and half as
   * much again for the pages of the prefixes being typed (decision 028); 0 turns them off.
   */
  phraseListBytes: number;
  /** The index must have stayed unchanged this long before a phrase is scored in full to be remembered. */
  phraseListSettleMs: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = {
  countCap: 1000,
  pagesPerResult: 8,
  minPages: 100,
  maxPages: 6400,
  phraseListBytes: 64 * 1024 * 1024,
  phraseListSettleMs: 5000,
};

/** How many resources a search counts at most: one past the page asked for, even beyond the cap. */
export const countCapOf = (request: SearchRequest, limits: SearchLimits) => Math.max(limits.countCap, request.offset + request.limit + 1);

/** Marks a matched word's start and end in a snippet (Unicode private use, stripped from indexed text). */
export const MATCH_START = '\ue000';
export const MATCH_END = '\ue001';

/**
 * Full-text search over resource_page, one implementation per database (FTS5 with bm25 on
 * SQLite; the tsvector with ts_rank on PostgreSQL). Queries arrive parsed (search-query.ts):
 * each implementation quotes every word itself, so no user text reaches a MATCH or to_tsquery
 * as syntax.
 */
export interface SearchRepository {
  /** One match per resource (its best page) passing the facets, in `order`, with the total. */
  search(request: SearchRequest): Promise<SearchResult>;
  /** The snippet of each page, with matched words between MATCH_START and MATCH_END. */
  snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>>;
  /** Drops whatever it remembers of the index (pages were removed). */
  forget?(): void;
}

/** Runs a query on a dialect's connection (SQLite: its reader thread) and returns the rows. */
export type RunQuery = <R>(query: RawBuilder<R>) => Promise<R[]>;

/**
 * How a dialect finds and ranks pages; pageOfMatches puts the pieces together. The resources are
 * counted either by a statement of their own (`countResources`: SQLite, where matching again
 * costs little) or from every match fetched once per statement (`allMatches`: PostgreSQL, where
 * each matching page is a heap row to fetch, the costliest step).
 */
export interface Ranking {
  /**
   * All matching pages of resources passing `filter` with `resource_id` and `score`: when set,
   * materialized as CTE `a` in front of every ranking statement, and counted there.
   */
  allMatches?(filter: SearchFilter): RawBuilder<unknown>;
  /**
   * Row source of the matching pages of resources passing `filter`, with `page_id` and `score`
   * (and whatever `best` needs): the `limit` best (a bounded sort, a heap), every page scoring
   * no worse than `through`, or, with neither, all.
   */
  pages(filter: SearchFilter, limit?: number, through?: number): RawBuilder<unknown>;
  /** From the pages as CTE `t`: one row per resource, its best page: resource_id, page, page_id, score. */
  best: RawBuilder<unknown>;
  /** The distinct resources with a matching page passing `filter`, at most `cap` (a statement giving `n`). */
  countResources?(filter: SearchFilter, cap: number): RawBuilder<{ n: number | string }>;
  /** The distinct resources matching, when already counted (up to one past countCapOf()). */
  counted?: number;
  /** Whether a better match has a lower score (SQLite's bm25) or a higher one (ts_rank). */
  scoreDirection: 'asc' | 'desc';
}

interface RankedRow {
  resource_id: string;
  page: number;
  page_id: number | string;
  score: number;
  ranked: number | string;
  cutoff: number | null;
  /** With `allMatches`: the distinct resources matching, counted up to the cap. */
  found: number | string | null;
}

/**
 * One page of matches passing the facets, in the request's order, with the total: the search()
 * both dialects share. A query never asked before costs what it scans, so nothing scans more than
 * the page needs:
 * - the total counts distinct resources only up to a cap (`totalCapped`: "1,000+"), which stops
 *   the scan early for common words on SQLite; a page past the end then needs no ranking at all;
 * - relevance ranks every match (bm25 and ts_rank need each page's text statistics) but keeps
 *   only the best pages (a bounded sort) and groups just those by resource, instead of grouping
 *   every match and joining each resource. That is exact for the resources whose best score beats
 *   the worst page kept: all pages left out score no better. When the page asked for reaches past
 *   that line (few distinct resources among the best pages), the pass runs again with eight times
 *   as many pages, and in the end over all of them. When the page is full but its last rows score
 *   the same as the worst page kept (ties: many pages of one text), pages left out may tie with
 *   them and the newest resource wins a tie; ranking every page that scores no worse than that
 *   line is then exact (every resource of the page has its best page there, and none left out
 *   scores better), without grouping the pages that score worse.
 */
export async function pageOfMatches(run: RunQuery, request: SearchRequest, limits: SearchLimits, ranking: Ranking): Promise<SearchResult> {
  const { filter, offset, limit } = request;
  // Count at least one past the page asked for, so a "next page" stays reachable past the cap.
  const cap = countCapOf(request, limits);
  let count: { total: number; totalCapped: boolean } | undefined;
  const learn = (found: number | string | null | undefined) => {
    const n = Number(found ?? 0);
    count = { total: Math.min(n, cap), totalCapped: n > cap };
  };
  const countNow = async () => learn((await run(countStatement(ranking, filter, cap + 1)))[0]?.n);
  const pastEnd = () => !!count && !count.totalCapped && offset >= count.total;
  const ranked = async (n?: number, through?: number) => {
    const rows = await run(rankedPage(ranking, request, cap + 1, n, through));
    if (!count && rows.length) learn(rows[0]!.found);
    if (!count) await countNow();
    return rows;
  };
  const result = (rows: RankedRow[]): SearchResult => ({
    total: count!.total,
    totalCapped: count!.totalCapped,
    matches: rows.map((r) => ({ resourceId: r.resource_id, page: Number(r.page), pageId: Number(r.page_id) })),
  });

  if (ranking.counted !== undefined) learn(ranking.counted);
  else if (ranking.countResources) await countNow();
  if (pastEnd()) return result([]);
  if (request.order === 'relevance') {
    const better = (a: number, b: number) => (ranking.scoreDirection === 'asc' ? a < b : a > b);
    for (let n = Math.max(limits.minPages, (offset + limit) * limits.pagesPerResult); n <= limits.maxPages; n *= 8) {
      const rows = await ranked(n);
      if (pastEnd()) return result([]);
      const first = rows[0];
      if (!first) continue;
      const wanted = Math.min(limit, count!.total - offset);
      const complete = Number(first.ranked) < n;
      const last = rows[rows.length - 1]!;
      // Every matching page was ranked, or every row shown beats the worst page kept, or ties it.
      if (complete) return result(rows);
      if (rows.length >= wanted && first.cutoff !== null) {
        const cutoff = Number(first.cutoff);
        if (better(Number(last.score), cutoff)) return result(rows);
        const tied = await ranked(undefined, cutoff);
        // Short only when pages were written between the two statements (SQLite's bm25 follows the
        // whole index's statistics, so the line moved): then rank everything below.
        if (tied.length >= wanted) return result(tied);
        break;
      }
    }
  }
  return result(await ranked());
}

/**
 * pageOfMatches for a relevance search answered in memory (RememberedScores.matches): the best
 * page of each resource, best first, is known, and one statement names their resources and
 * orders ties as pageOfMatches does (the newest resource first). Where the pages were handed to
 * the database to be grouped by resource, the grouping is done already, and the statement reads
 * a page of rows by their ids.
 */
export async function pageOfBest(
  run: RunQuery,
  request: SearchRequest,
  limits: SearchLimits,
  found: { best: Array<[number, number]>; counted: number },
): Promise<SearchResult> {
  const cap = countCapOf(request, limits);
  const total = Math.min(found.counted, cap);
  const totalCapped = found.counted > cap;
  const { offset, limit } = request;
  if (!found.best.length || (!totalCapped && offset >= total)) return { total, totalCapped, matches: [] };
  const scoreOf = new Map(found.best);
  const rows = await run(sql<{ page_id: number | string; resource_id: string; page: number }>`
    select p.id as page_id, p.resource_id, p.page from resource_page p join resource r on r.id = p.resource_id
    where p.id in (${sql.join(found.best.map(([id]) => id))})
    order by r.created_at desc, r.id desc`);
  // A stable sort by score keeps the statement's order (newest first) among equal scores.
  rows.sort((a, b) => scoreOf.get(Number(a.page_id))! - scoreOf.get(Number(b.page_id))!);
  const matches = rows.slice(offset, offset + limit).map((r) => ({ resourceId: r.resource_id, page: Number(r.page), pageId: Number(r.page_id) }));
  return { total, totalCapped, matches };
}

/** Counts the distinct resources matching, up to `cap`. */
function countStatement(ranking: Ranking, filter: SearchFilter, cap: number): RawBuilder<{ n: number | string }> {
  if (ranking.countResources) return ranking.countResources(filter, cap);
  return sql<{ n: number | string }>`
    with a as materialized (${ranking.allMatches!(filter)})
    select count(*) as n from (select distinct resource_id from a limit ${cap}) d`;
}

/**
 * The request's page of resources from the pages `ranking.pages` gives (the best `n`, those
 * scoring no worse than `through`, or all), with how many pages were ranked and the worst score
 * kept; with `allMatches`, the count too.
 */
function rankedPage(ranking: Ranking, request: SearchRequest, cap: number, n?: number, through?: number): RawBuilder<RankedRow> {
  const worst = ranking.scoreDirection === 'asc' ? sql`max(score)` : sql`min(score)`;
  const all = ranking.allMatches;
  return sql<RankedRow>`
    with ${all ? sql`a as materialized (${all(request.filter)}),` : sql``}
    t as materialized (${ranking.pages(request.filter, n, through)}),
    m as (${ranking.best})
    select m.resource_id, m.page, m.page_id, m.score,
      (select count(*) from t) as ranked, (select ${worst} from t) as cutoff,
      ${all ? sql`(select count(*) from (select distinct resource_id from a limit ${cap}) d)` : sql`null`} as found
    from m join resource r on r.id = m.resource_id
    order by ${orderBy(request.order, ranking.scoreDirection)}
    limit ${request.limit} offset ${request.offset}`;
}
/** The facet conditions on `resource r` (`1 = 1` when none). */
export function facetConditions(filter: SearchFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.course) conditions.push(sql`r.course = ${filter.course}`);
  if (filter.branch) conditions.push(sql`r.branch = ${filter.branch}`);
  if (filter.semester) conditions.push(sql`r.semester = ${filter.semester}`);
  if (filter.resourceType) conditions.push(sql`r.resource_type = ${filter.resourceType}`);
  if (filter.academicYear) conditions.push(sql`r.academic_year = ${filter.academicYear}`);
  return sql.join(conditions, sql` and `);
}

/** Whether any facet is set (else the pages need no look at their resource). */
export function hasFacets(filter: SearchFilter): boolean {
  return !!(filter.course || filter.branch || filter.semester || filter.resourceType || filter.academicYear);
}

/** ORDER BY for an order; `score` is better when lower (SQLite's bm25) or higher (ts_rank). */
function orderBy(order: SearchOrder, scoreDirection: 'asc' | 'desc'): RawBuilder<unknown> {
  const newest = sql`r.created_at desc, r.id desc`;
  if (order === 'downloads') return sql`r.downloads desc, ${newest}`;
  if (order === 'newest') return newest;
  return sql`m.score ${sql.raw(scoreDirection)}, ${newest}`;
}
