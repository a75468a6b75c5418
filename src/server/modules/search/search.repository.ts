import { sql, type RawBuilder } from 'kysely';
import type { ResourceFilter } from '../resources/resource.repository.js';
import type { QueryGroup } from './search-query.js';

/** The order of search results: relevance (bm25 / ts_rank) or the browse orders. */
export type SearchOrder = 'relevance' | 'newest' | 'downloads';

export interface SearchRequest {
  groups: QueryGroup[];
  filter: Omit<ResourceFilter, 'words'>;
  order: SearchOrder;
  offset: number;
  limit: number;
}

/** One resource that matched, with its best page. */
export interface SearchMatch {
  resourceId: string;
  page: number;
  /** resource_page.id of that page, for its snippet. */
  pageId: number;
}

export interface SearchResult {
  total: number;
  matches: SearchMatch[];
}

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
}

/** Runs a query on a dialect's connection (SQLite: its reader thread) and returns the rows. */
export type RunQuery = <R>(query: RawBuilder<R>) => Promise<R[]>;

/** How a dialect ranks pages: the query naming its best page per resource, and which score is better. */
export interface Ranking {
  /** Put in front of the SELECT: a WITH clause, or nothing. */
  with: RawBuilder<unknown>;
  /** A row source aliased `m`: resource_id, page, page_id and score, one row per resource. */
  source: RawBuilder<unknown>;
  /** Whether a better match has a lower score (SQLite's bm25) or a higher one (ts_rank). */
  scoreDirection: 'asc' | 'desc';
}

/**
 * One page of ranked matches passing the facets, in the request's order, with the total: the
 * search() both dialects share. The total comes with the page (a window count); only a page
 * past the end needs a count of its own.
 */
export async function pageOfMatches(run: RunQuery, request: SearchRequest, ranking: Ranking): Promise<SearchResult> {
  const rows = await run(sql<{ resource_id: string; page: number; page_id: number | string; total: number | string }>`
    ${ranking.with}
    select m.resource_id, m.page, m.page_id, count(*) over () as total
    from ${ranking.source} join resource r on r.id = m.resource_id
    where ${facetConditions(request.filter)}
    order by ${orderBy(request.order, ranking.scoreDirection)}
    limit ${request.limit} offset ${request.offset}`);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && request.offset > 0) {
    const counted = await run(sql<{ n: number | string }>`
      ${ranking.with}
      select count(*) as n from ${ranking.source} join resource r on r.id = m.resource_id
      where ${facetConditions(request.filter)}`);
    total = Number(counted[0]?.n ?? 0);
  }
  return { total, matches: rows.map((r) => ({ resourceId: r.resource_id, page: Number(r.page), pageId: Number(r.page_id) })) };
}

/** The facet conditions on `resource r` (`1 = 1` when none). */
function facetConditions(filter: SearchRequest['filter']): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.course) conditions.push(sql`r.course = ${filter.course}`);
  if (filter.branch) conditions.push(sql`r.branch = ${filter.branch}`);
  if (filter.semester) conditions.push(sql`r.semester = ${filter.semester}`);
  if (filter.resourceType) conditions.push(sql`r.resource_type = ${filter.resourceType}`);
  if (filter.academicYear) conditions.push(sql`r.academic_year = ${filter.academicYear}`);
  return sql.join(conditions, sql` and `);
}

/** ORDER BY for an order; `score` is better when lower (SQLite's bm25) or higher (ts_rank). */
function orderBy(order: SearchOrder, scoreDirection: 'asc' | 'desc'): RawBuilder<unknown> {
  const newest = sql`r.created_at desc, r.id desc`;
  if (order === 'downloads') return sql`r.downloads desc, ${newest}`;
  if (order === 'newest') return newest;
  return sql`m.score ${sql.raw(scoreDirection)}, ${newest}`;
}
