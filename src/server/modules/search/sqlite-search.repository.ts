import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { typedGroup, type QueryGroup, type QueryTerm } from './search-query.js';
import { facetConditions, MATCH_END, MATCH_START, orderBy, questionCondition, rowsWithTotal, type RankedRow, type SearchRepository, type SearchRequest, type SearchResult } from './search.repository.js';

/** Tokens of context around the match in a snippet. */
const SNIPPET_TOKENS = 24;

/** One phrase of a MATCH text: a term's words quoted (a quote inside doubled), `*` after a prefix. */
const term = (t: QueryTerm) => `"${t.words.join(' ').replace(/"/g, '""')}"${t.prefix ? '*' : ''}`;

/**
 * FTS5 MATCH text for parsed groups: every word in double quotes, so nothing the user typed is
 * read as an operator (AND, OR, NOT, NEAR), a column filter, `^` or `*`.
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
 * The page of resources a search asks for, ranked by FTS5's bm25 (lower is better): every
 * matching page scored once, the best of each resource kept (SQLite takes the bare columns of a
 * min() from the row holding the minimum), then the facets, the order and the count.
 */
export function sqliteSearchStatement(request: SearchRequest): RawBuilder<RankedRow> {
  return sql<RankedRow>`
    with hits as materialized (
      select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts where resource_page_fts match ${ftsMatch(request.groups)}
    ),
    b as (
      select p.resource_id, p.page, p.id as page_id, min(h.score) as score
      from hits h join resource_page p indexed by resource_page_owner on p.id = h.page_id
      where ${questionCondition(request)}
      group by p.resource_id
    )
    select b.resource_id, b.page, b.page_id, count(*) over () as total
    from b join resource r on r.id = b.resource_id
    where ${facetConditions(request.filter)}
    order by ${orderBy(request.order, 'asc')}
    limit ${request.limit} offset ${request.offset}`;
}

/**
 * Full-text search on SQLite: FTS5 over resource_page (porter stemmer, unicode61). A common word
 * matches tens of thousands of pages, so the statements run on the database's reader thread
 * (Db.readHeavy) and never hold up the event loop.
 */
export class SqliteSearchRepository implements SearchRepository {
  constructor(private readonly db: Db) {}

  private read<R>(query: RawBuilder<R>): Promise<R[]> {
    return this.db.readHeavy(query.compile(this.db.kysely));
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const { rows, total } = await rowsWithTotal(request, (r) => this.read(sqliteSearchStatement(r)));
    const snippets = await this.snippets(request.groups, rows.map((r) => Number(r.page_id)));
    return {
      total,
      matches: rows.map((r) => ({ resourceId: r.resource_id, page: Number(r.page), snippet: snippets.get(Number(r.page_id)) ?? '' })),
    };
  }

  /**
   * FTS5's snippet() exists only in a MATCH query. Given ids, FTS5 evaluates the MATCH once per id:
   * cheap for words, a merge of every word's list for a prefix. So a query with a word being
   * typed takes one pass over its matches instead (`+rowid` keeps the ids from FTS5).
   */
  private async snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>> {
    if (!pageIds.length) return new Map();
    const onePass = typedGroup(groups) !== undefined;
    // Numbers are bound as REAL, and FTS5 given `rowid = 101.0` ignores it: cast to integers.
    const ids = onePass ? sql.join(pageIds) : sql.join(pageIds.map((id) => sql`cast(${id} as integer)`));
    const rows = await this.read(sql<{ page_id: number; snippet: string }>`
      select rowid as page_id, snippet(resource_page_fts, 0, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) as snippet
      from resource_page_fts
      where resource_page_fts match ${ftsMatch(groups)} and ${onePass ? sql`+rowid` : sql`rowid`} in (${ids})`);
    return new Map(rows.map((r) => [Number(r.page_id), r.snippet]));
  }
}
