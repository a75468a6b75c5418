import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { QueryGroup, QueryTerm } from './search-query.js';
import { MATCH_END, MATCH_START, pageOfMatches, type SearchRepository, type SearchRequest, type SearchResult } from './search.repository.js';

/** Tokens of context around the match in a snippet. */
const SNIPPET_TOKENS = 24;

/**
 * FTS5 MATCH text for parsed groups: every word in double quotes (a quote inside doubled), so
 * nothing the user typed is read as an operator (AND, OR, NOT, NEAR), a column filter, `^` or `*`.
 */
export function ftsMatch(groups: QueryGroup[]): string {
  const term = (t: QueryTerm) => `"${t.words.join(' ').replace(/"/g, '""')}"${t.prefix ? '*' : ''}`;
  return groups
    .map((group) => {
      const alternatives = group.alternatives.map(term);
      return alternatives.length > 1 ? `(${alternatives.join(' OR ')})` : alternatives[0]!;
    })
    .join(' AND ');
}

/**
 * Full-text search on SQLite: FTS5 over resource_page (porter stemmer, unicode61), ranked by
 * bm25. A common word matches tens of thousands of pages; these queries run on the database's
 * reader thread (Db.readHeavy) so they never hold up the event loop.
 */
export class SqliteSearchRepository implements SearchRepository {
  constructor(private readonly db: Db) {}

  private read<R>(query: RawBuilder<R>): Promise<R[]> {
    return this.db.readHeavy(query.compile(this.db.kysely));
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const match = ftsMatch(request.groups);
    // bm25 is lower for better matches. It may only be called in the MATCH query itself, hence
    // the materialized CTE; min() then picks the best page of each resource, and SQLite takes
    // the bare columns (page, id) from that same row. The owner index (migration 011) answers
    // id -> resource, page without reading the page rows and their text.
    const best = sql`
      with f as materialized (
        select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts where resource_page_fts match ${match}
      ),
      m as (
        select p.resource_id, p.page, p.id as page_id, min(f.score) as score
        from f join resource_page p indexed by resource_page_owner on p.id = f.page_id
        group by p.resource_id
      )`;
    return pageOfMatches((q) => this.read(q), request, { with: best, source: sql`m`, scoreDirection: 'asc' });
  }

  async snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>> {
    if (!pageIds.length) return new Map();
    const rows = await this.read(sql<{ page_id: number; snippet: string }>`
      select rowid as page_id, snippet(resource_page_fts, 0, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) as snippet
      from resource_page_fts
      where resource_page_fts match ${ftsMatch(groups)} and rowid in (${sql.join(pageIds)})`);
    return new Map(rows.map((r) => [Number(r.page_id), r.snippet]));
  }
}
