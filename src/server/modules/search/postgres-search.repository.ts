import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { compactPages, NO_PAGES, type PhrasePages } from './phrase-scores.js';
import { prefixPages } from './prefix-pages.js';
import { RememberedScores, type PageChanges } from './remembered-scores.js';
import { typedWithOthers, type QueryGroup, type QueryTerm } from './search-query.js';
import { SearchVocabularyRepository } from './search-vocabulary.repository.js';
import { DEFAULT_SEARCH_LIMITS, facetConditions, hasFacets, MATCH_END, MATCH_START, pageOfBest, pageOfMatches } from './search.repository.js';
import type { Ranking, RunQuery, SearchFilter, SearchLimits, SearchRepository, SearchRequest, SearchResult } from './search.repository.js';

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

/**
 * Versions a remembered list is brought up to date across, at most: beyond, so much has changed
 * (a reindex) that reading the list again costs no more.
 */
const MAX_VERSIONS_CAUGHT_UP = 1000;
/** Pages changed, at most, for lists to be brought up to date rather than read again. */
const MAX_PAGES_CAUGHT_UP = 2000;

const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * A resource's name in memory (page-owners.ts, facet-members.ts): the id of its first page, which
 * never changes. That is its page 0 (written with the resource, never replaced), found through
 * the unique (resource_id, page) index; min(id) is only the fallback, as PostgreSQL answers it by
 * walking the primary key from the lowest id (16 s for 1,000 resources of 61 pages).
 */
const firstPageOf = (resourceId: RawBuilder<unknown>) =>
  sql`coalesce((select q.id from resource_page q where q.resource_id = ${resourceId} and q.page = 0),
    (select min(q.id) from resource_page q where q.resource_id = ${resourceId}))`;

/**
 * Full-text search on PostgreSQL: the generated tsvector ('english') with its GIN index. A page's
 * score is the sum of each of the query's terms' ts_rank on it (a term absent adds 0), added in
 * the order of the query: like FTS5's bm25, a sum over the phrases, so a new combination of words
 * asked before is ranked from each one's remembered scores (remembered-scores.ts) without reading
 * a tsvector. (ts_rank of the whole query is not such a sum: for an AND it weighs how near the
 * words stand.)
 */
export class PostgresSearchRepository implements SearchRepository {
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
          if (!(await this.lexemes(prefix))) return { ...prefixPages([]), ignored: true };
          const [ids = new Float64Array(0)] = await this.numberColumns(sql`select p.id as a from resource_page p where p.tsv @@ to_tsquery('english', ${prefix})`, ['a']);
          return prefixPages(ids);
        },
        ownersAfter: (after) => this.numberPairs(sql`select p.id as a, ${firstPageOf(sql`p.resource_id`)} as b from resource_page p where p.id > ${after}`),
        facetMembers: async (filter) => {
          const [ids = new Float64Array(0)] = await this.db.readColumns(
            sql`select ${firstPageOf(sql`r.id`)} as first from resource r where ${facetConditions(filter)}`.compile(this.db.kysely),
          );
          return ids;
        },
        indexVersion: () => this.vocabulary.indexVersion(),
        changesFor: (phrases, from, to) => this.changesFor(phrases, from, to),
      },
      limits,
    );
  }

  forget(): void {
    this.remembered.forget();
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const run: RunQuery = async (q) => (await q.execute(this.db.kysely)).rows;
    const found = await this.remembered.matches(request, term);
    if (found) return pageOfBest(run, request, this.limits, found);
    return pageOfMatches(run, request, this.limits, this.ranking(request));
  }

  /** Resolves when no phrase is being scored to be remembered (tests, the bench). */
  async phrasesScored(): Promise<void> {
    await this.remembered.idle();
  }

  /**
   * One term's ts_rank on every page it matches, negated (remembered scores are better when
   * lower, as bm25), read in one pass.
   */
  private async scorePhrase(phrase: string): Promise<PhrasePages> {
    if (!(await this.lexemes(phrase))) return { ...compactPages(NO_PAGES), ignored: true };
    const [ids, scores] = await this.numberPairs(sql`select p.id as a, -(ts_rank(p.tsv, q.query)::float8) as b
      from resource_page p, (select to_tsquery('english', ${phrase}) as query) q
      where p.tsv @@ q.query`);
    return compactPages({ ids, scores });
  }

  /**
   * The pages changed after version `from` up to `to` (the change log, migration 019), and which
   * of them each term (a phrase's or a prefix's to_tsquery text) matches now, with its score as
   * scorePhrase() gives it: one statement for every list outdated.
   */
  private async changesFor(terms: string[], from: number, to: number): Promise<PageChanges | undefined> {
    if (to - from > MAX_VERSIONS_CAUGHT_UP) return undefined;
    const { rows } = await sql<{ i: number; id: string; score: number; oldest: string | null; changed: string }>`
      with c as (select distinct page_id from search_page_change where v > ${from} and v <= ${to}),
        log as (select (select min(v) from search_page_change) as oldest, (select count(*) from c) as changed),
        t as (select t.term, t.i, to_tsquery('english', t.term) as query from unnest(${terms}::text[]) with ordinality as t(term, i))
      select 0 as i, c.page_id as id, 0::float8 as score, log.oldest, log.changed from (select page_id from c limit ${MAX_PAGES_CAUGHT_UP + 1}) c, log
      union all
      select t.i, p.id, -(ts_rank(p.tsv, t.query)::float8), null, null
      from c join resource_page p on p.id = c.page_id, t
      where p.tsv @@ t.query and (select changed from log) <= ${MAX_PAGES_CAUGHT_UP}
      order by 1, 2`.execute(this.db.kysely);
    // The changed pages (i = 0, with the log's facts) first, then each term's, ids ascending as
    // the lists keep them.
    const first = rows[0];
    // Nothing in the log after `from` (pruned past it, or versions before migration 019), too much
    // changed, or the log no longer reaching back (every version has rows, the oldest go first: it
    // reaches back if it holds `from + 1`).
    if (!first || Number(first.changed) > MAX_PAGES_CAUGHT_UP || first.oldest === null || Number(first.oldest) > from + 1) return undefined;
    const changed: number[] = [];
    const matches = new Map<string, { ids: number[]; scores: number[] }>();
    for (const row of rows) {
      const id = Number(row.id);
      if (Number(row.i) === 0) {
        changed.push(id);
        continue;
      }
      const term = terms[Number(row.i) - 1]!;
      const found = matches.get(term) ?? { ids: [], scores: [] };
      found.ids.push(id);
      found.scores.push(Number(row.score));
      matches.set(term, found);
    }
    return { changed, matches };
  }

  /** How many nodes to_tsquery makes of a term: 0 when it leaves it out (only stop words). */
  private async lexemes(text: string): Promise<number> {
    const [row] = await sql<{ n: number }>`select numnode(to_tsquery('english', ${text})) as n`.execute(this.db.kysely).then((r) => r.rows);
    return row?.n ?? 0;
  }

  /**
   * Two number columns `a` and `b` of a statement, ordered by `a`, as each one's float8 bytes in
   * one row: 40,000 rows read as objects cost ~60 ms of the event loop, as bytes ~15 ms.
   */
  private async numberPairs(rows: RawBuilder<unknown>): Promise<[Float64Array, Float64Array]> {
    const [a, b] = await this.numberColumns(rows, ['a', 'b']);
    return [a!, b!];
  }

  /** Number columns of a statement, ordered by its column `a`, read as numberPairs reads two. */
  private async numberColumns(rows: RawBuilder<unknown>, columns: Array<'a' | 'b'>): Promise<Float64Array[]> {
    const aggregates = columns.map((c) => sql`string_agg(float8send(s.${sql.ref(c)}::float8), ''::bytea order by s.a) as ${sql.ref(c)}`);
    const {
      rows: [row],
    } = await sql<Record<string, Buffer | null>>`select ${sql.join(aggregates, sql`, `)} from (${rows}) s`.execute(this.db.kysely);
    return columns.map((c) => float8s(row?.[c]));
  }

  /** How the tsvector finds, ranks and counts the request's pages. */
  private ranking(request: SearchRequest): Ranking {
    // A word being typed with other words scores as its letters do as a whole word (decision 028):
    // a page holding only a longer word beginning so matches (the whole query, in q.query) and adds
    // 0. When to_tsquery leaves every other word out (stop words: "the gr"), nothing else ranks, and
    // the letters score as they do alone (ranking their matches by a word that is none would tie
    // them all at 0); the remembered scores leave that query here.
    const typed = typedWithOthers(request.groups);
    const others = typed === undefined ? undefined : tsQuery(request.groups.filter((_, g) => g !== typed));
    const terms = request.groups.flatMap((group, g) =>
      group.alternatives.map((t) => ({ whole: term(g === typed ? { ...t, prefix: false } : t), letters: g === typed && t.prefix ? term(t) : undefined })),
    );
    // Each term's rank where it matches, 0 elsewhere, added left to right as the remembered
    // scores are (so the sums agree to the last bit); each term's query is made once, in q.
    const queries = sql.join(
      [
        ...terms.map(({ whole }, i) => sql`to_tsquery('english', ${whole}) as ${sql.ref(`q${i}`)}`),
        ...terms.flatMap(({ letters }, i) => (letters ? [sql`to_tsquery('english', ${letters}) as ${sql.ref(`l${i}`)}`] : [])),
        ...(others === undefined ? [] : [sql`numnode(to_tsquery('english', ${others})) as others`]),
      ],
      sql`, `,
    );
    const rank = (query: string) => sql`case when p.tsv @@ q.${sql.ref(query)} then ts_rank(p.tsv, q.${sql.ref(query)})::float8 else 0 end`;
    const score = sql.join(
      terms.map(({ letters }, i) => (letters ? sql`(case when q.others = 0 then ${rank(`l${i}`)} else ${rank(`q${i}`)} end)` : rank(`q${i}`))),
      sql` + `,
    );
    const facets = (filter: SearchFilter) =>
      hasFacets(filter) ? sql`and exists (select 1 from resource r where r.id = p.resource_id and ${facetConditions(filter)})` : sql``;
    return {
      // Every match once per statement (each is a heap row to fetch, and ts_rank reads its tsvector);
      // the count of resources comes from the same rows.
      allMatches: (filter) => sql`
        select p.id as page_id, p.resource_id, p.page, ${score} as score
        from resource_page p, (select to_tsquery('english', ${tsQuery(request.groups)}) as query, ${queries}) q
        where p.tsv @@ q.query ${facets(filter)}`,
      // ORDER BY with LIMIT keeps only the best (a top-N heapsort).
      pages: (_filter, limit, through) =>
        sql`select * from a ${through === undefined ? sql`` : sql`where score >= ${through}::float8`}
        ${limit === undefined ? sql`` : sql`order by score desc limit ${limit}`}`,
      // The best page of each resource: distinct on keeps the first row, the highest rank.
      best: sql`select distinct on (resource_id) resource_id, page, page_id, score from t order by resource_id, score desc, page`,
      scoreDirection: 'desc',
    };
  }

  async snippets(groups: QueryGroup[], pageIds: number[]): Promise<Map<number, string>> {
    if (!pageIds.length) return new Map();
    const { rows } = await sql<{ page_id: string; snippet: string }>`
      select p.id as page_id, ts_headline('english', p.body, to_tsquery('english', ${tsQuery(groups)}), ${HEADLINE_OPTIONS}) as snippet
      from resource_page p
      where p.id in (${sql.join(pageIds)})`.execute(this.db.kysely);
    return new Map(rows.map((r) => [Number(r.page_id), r.snippet]));
  }
}

/** Big-endian float8s (PostgreSQL's binary form) as numbers. */
function float8s(bytes: Buffer | null | undefined): Float64Array {
  if (!bytes) return new Float64Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8);
  return out;
}
