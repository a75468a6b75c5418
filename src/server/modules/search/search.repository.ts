import { sql, type RawBuilder } from 'kysely';
import { pageHasQuestion, soughtStems } from './question-match.js';
import type { QueryGroup } from './search-query.js';

/** The order of search results: relevance (the engine's rank) or the browse orders. */
export type SearchOrder = 'relevance' | 'newest' | 'downloads' | 'latest';

/** The facets a search is narrowed by: columns of `resource`. */
export interface SearchFilter {
  course?: string;
  branch?: string;
  semester?: number;
  resourceType?: string;
  academicYear?: string;
  exam?: string;
}

export interface SearchRequest {
  groups: QueryGroup[];
  filter: SearchFilter;
  order: SearchOrder;
  offset: number;
  limit: number;
  /** "Questions only": each resource's best page among those where a question holds the words (question-match.ts). */
  withinQuestions?: boolean;
}

/** One resource that matched, with its best page and that page's snippet. */
export interface SearchMatch {
  resourceId: string;
  page: number;
  /** Matched words between MATCH_START and MATCH_END. */
  snippet: string;
}

export interface SearchResult {
  /** Resources matching, all of them counted. */
  total: number;
  matches: SearchMatch[];
}

/** Marks a matched word's start and end in a snippet (Unicode private use, stripped from indexed text). */
export const MATCH_START = '\ue000';
export const MATCH_END = '\ue001';

/**
 * Full-text search over resource_page, one implementation per database (FTS5 with bm25 on
 * SQLite, the tsvector with ts_rank_cd on PostgreSQL). The engine ranks: each request is one
 * statement that finds the matching pages, keeps each resource's best page, applies the facets,
 * counts and pages. Queries arrive parsed (search-query.ts) and each implementation quotes every
 * word itself, so no user text reaches a MATCH or to_tsquery as syntax.
 */
export interface SearchRepository {
  search(request: SearchRequest): Promise<SearchResult>;
}

/** A row of either dialect's statement: one resource of the page asked for. */
export interface RankedRow {
  resource_id: string;
  page: number | string;
  page_id: number | string;
  total: number | string;
}

/**
 * The page's rows and the total they carry (`count(*) over ()`); past the last page no row carries
 * it, so the first row alone is asked for.
 */
export async function rowsWithTotal<R extends RankedRow>(request: SearchRequest, read: (request: SearchRequest) => Promise<R[]>): Promise<{ rows: R[]; total: number }> {
  const rows = await read(request);
  const counted = rows[0] ?? (request.offset > 0 ? (await read({ ...request, offset: 0, limit: 1 }))[0] : undefined);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The facet conditions on `resource r` (`1 = 1` when none). */
export function facetConditions(filter: SearchFilter): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filter.course) conditions.push(sql`r.course = ${filter.course}`);
  if (filter.branch) conditions.push(sql`r.branch = ${filter.branch}`);
  if (filter.semester) conditions.push(sql`r.semester = ${filter.semester}`);
  if (filter.resourceType) conditions.push(sql`r.resource_type = ${filter.resourceType}`);
  if (filter.academicYear) conditions.push(sql`r.academic_year = ${filter.academicYear}`);
  if (filter.exam) conditions.push(sql`r.exam = ${filter.exam}`);
  return sql.join(conditions, sql` and `);
}

/** With "questions only", the condition on `resource_page p` (question-match.ts); `1 = 1` without. */
export function questionCondition(request: SearchRequest): RawBuilder<unknown> {
  return request.withinQuestions ? pageHasQuestion(soughtStems(request.groups)) : sql`1 = 1`;
}

export function hasFacets(filter: SearchFilter): boolean {
  return !!(filter.course || filter.branch || filter.semester || filter.resourceType || filter.academicYear || filter.exam);
}

/**
 * The start of "Latest": the exam's date, newest first, papers without one after those with
 * (both dialects spell `nulls last`; by default SQLite puts nulls last on desc, PostgreSQL first),
 * then the academic year. The upload time follows.
 */
export function latestExamOrder(table: 'r' | 'resource'): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql`${column('exam_year')} desc nulls last, ${column('exam_month')} desc nulls last, ${column('academic_year')} desc`;
}

/**
 * ORDER BY over `b` (the best page of each resource, with `score`) joined to `resource r`. A
 * better match has a lower score on SQLite (bm25) and a higher one on PostgreSQL; the newest
 * resource wins a tie.
 */
export function orderBy(order: SearchOrder, better: 'asc' | 'desc'): RawBuilder<unknown> {
  const newest = sql`r.created_at desc, r.id desc`;
  if (order === 'downloads') return sql`r.downloads desc, ${newest}`;
  if (order === 'newest') return newest;
  if (order === 'latest') return sql`${latestExamOrder('r')}, ${newest}`;
  return sql`b.score ${sql.raw(better)}, ${newest}`;
}
