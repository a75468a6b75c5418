import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { QueryGroup, QueryTerm } from './search-query.js';
import { DEFAULT_SEARCH_LIMITS, facetConditions, hasFacets, MATCH_END, MATCH_START, pageOfMatches } from './search.repository.js';
import type { RunQuery, SearchFilter, SearchLimits, SearchRepository, SearchRequest, SearchResult } from './search.repository.js';

/** A lexeme for to_tsquery: in single quotes (quotes and backslashes escaped), so it is never an operator. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** to_tsquery text for parsed groups: phrases with <->, alternatives with |, groups with &. */
export function tsQuery(groups: QueryGroup[]): string {
  const term = (t: QueryTerm) => {
    const words = t.words.map((word, i) => lexeme(word) + (t.prefix && i === t.words.length - 1 ? ':*' : ''));
    return words.length > 1 ? `(${words.join(' <-> ')})` : words[0]!;
  };
  return groups.map((group) => `(${group.alternatives.map(term).join(' | ')})`).join(' & ');
}

const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** Full-text search on PostgreSQL: the generated tsvector ('english') with its GIN index, ranked by ts_rank. */
export class PostgresSearchRepository implements SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
  ) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const query = sql`to_tsquery('english', ${tsQuery(request.groups)})`;
    const facets = (filter: SearchFilter) =>
      hasFacets(filter) ? sql`and exists (select 1 from resource r where r.id = p.resource_id and ${facetConditions(filter)})` : sql``;
    const run: RunQuery = async (q) => (await q.execute(this.db)).rows;
    return pageOfMatches(run, request, this.limits, {
      // Every match once per statement (each is a heap row to fetch, and ts_rank reads its tsvector);
      // the count of resources comes from the same rows.
      allMatches: (filter) => sql`
        select p.id as page_id, p.resource_id, p.page, ts_rank(p.tsv, q.query) as score
        from resource_page p, (select ${query} as query) q
        where p.tsv @@ q.query ${facets(filter)}`,
      // ORDER BY with LIMIT keeps only the best (a top-N heapsort).
      // `through` came back from a real column: compared as real, it is the same number.
      pages: (_filter, limit, through) =>
        sql`select * from a ${through === undefined ? sql`` : sql`where score >= ${through}::real`}
        ${limit === undefined ? sql`` : sql`order by score desc limit ${limit}`}`,
      // The best page of each resource: distinct on keeps the first row, the highest rank.
      best: sql`select distinct on (resource_id) resource_id, page, page_id, score from t order by resource_id, score desc, page`,
      scoreDirection: 'desc',
    });
  }

  async snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>> {
    if (!pageIds.length) return new Map();
    const { rows } = await sql<{ page_id: string; snippet: string }>`
      select p.id as page_id, ts_headline('english', p.body, to_tsquery('english', ${tsQuery(groups)}), ${HEADLINE_OPTIONS}) as snippet
      from resource_page p
      where p.id in (${sql.join(pageIds)})`.execute(this.db);
    return new Map(rows.map((r) => [Number(r.page_id), r.snippet]));
  }
}
