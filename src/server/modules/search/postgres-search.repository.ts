import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { QueryGroup, QueryTerm } from './search-query.js';
import { facetConditions, hasFacets, MATCH_END, MATCH_START, orderBy, questionCondition, rowsWithTotal, type RankedRow, type SearchRepository, type SearchRequest, type SearchResult } from './search.repository.js';

/** A lexeme for to_tsquery: in single quotes (quotes and backslashes escaped), so it is never an operator. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One term as to_tsquery text: a word, or a phrase of words joined by <->; `:*` after a prefix. */
const term = (t: QueryTerm) => {
  const words = t.words.map((word, i) => lexeme(word) + (t.prefix && i === t.words.length - 1 ? ':*' : ''));
  return words.length > 1 ? `(${words.join(' <-> ')})` : words[0]!;
};

/** to_tsquery text for parsed groups: phrases with <->, alternatives with |, groups with &. */
export function tsQuery(groups: QueryGroup[]): string {
  return groups.map((group) => `(${group.alternatives.map(term).join(' | ')})`).join(' & ');
}

const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
/** ts_headline reads the whole text it is given: a page longer than this is marked in its start only. */
const HEADLINE_INPUT_CHARS = 20_000;

type PostgresRow = RankedRow & { snippet: string };

/**
 * The page of resources a search asks for, ranked by ts_rank_cd of the whole query (how often and
 * how near together its words stand; higher is better): each matching page ranked once (only
 * pages of resources passing the facets), the best of each resource kept, ordered, counted and
 * paged; ts_headline runs on the rows of that page only.
 */
export function postgresSearchStatement(request: SearchRequest): RawBuilder<PostgresRow> {
  const { filter } = request;
  const facets = hasFacets(filter) ? sql`and exists (select 1 from resource r where r.id = p.resource_id and ${facetConditions(filter)})` : sql``;
  return sql<PostgresRow>`
    with q as (select to_tsquery('english', ${tsQuery(request.groups)}) as query),
    hits as (
      select p.id as page_id, p.resource_id, p.page, ts_rank_cd(p.tsv, q.query) as score
      from resource_page p, q where p.tsv @@ q.query ${facets} and ${questionCondition(request)}
    ),
    best as (select distinct on (resource_id) resource_id, page, page_id, score from hits order by resource_id, score desc, page),
    found as (
      select b.resource_id, b.page, b.page_id, count(*) over () as total, row_number() over (order by ${orderBy(request.order, 'desc')}) as n
      from best b join resource r on r.id = b.resource_id
      order by n limit ${request.limit} offset ${request.offset}
    )
    select f.resource_id, f.page, f.page_id, f.total,
      ts_headline('english', left(p.body, ${HEADLINE_INPUT_CHARS}), q.query, ${HEADLINE_OPTIONS}) as snippet
    from found f join resource_page p on p.id = f.page_id, q
    order by f.n`;
}

/** Full-text search on PostgreSQL: the generated tsvector ('english') with its GIN index. */
export class PostgresSearchRepository implements SearchRepository {
  constructor(private readonly db: Db) {}

  private async read<R>(query: RawBuilder<R>): Promise<R[]> {
    return (await query.execute(this.db.kysely)).rows;
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const { rows, total } = await rowsWithTotal(request, (r) => this.read(postgresSearchStatement(r)));
    return {
      total,
      matches: rows.map((r) => ({ resourceId: r.resource_id, page: Number(r.page), snippet: r.snippet })),
    };
  }
}
