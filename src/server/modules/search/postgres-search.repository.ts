import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { QueryGroup, QueryTerm } from './search-query.js';
import { MATCH_END, MATCH_START, pageOfMatches, type RunQuery, type SearchRepository, type SearchRequest, type SearchResult } from './search.repository.js';

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
  constructor(private readonly db: Kysely<Database>) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const query = sql`to_tsquery('english', ${tsQuery(request.groups)})`;
    // The best page of each resource: distinct on keeps the first row, the highest rank.
    const best = sql`
      select distinct on (p.resource_id) p.resource_id, p.page, p.id as page_id, ts_rank(p.tsv, q.query) as score
      from resource_page p, (select ${query} as query) q
      where p.tsv @@ q.query
      order by p.resource_id, score desc, p.page`;
    const run: RunQuery = async (q) => (await q.execute(this.db)).rows;
    return pageOfMatches(run, request, { with: sql``, source: sql`(${best}) m`, scoreDirection: 'desc' });
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
