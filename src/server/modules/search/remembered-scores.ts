import { FacetMembers } from './facet-members.js';
import { PageOwners } from './page-owners.js';
import { PhraseLists } from './phrase-lists.js';
import { combinePhrases, type PhrasePages, type ScoredPages } from './phrase-scores.js';
import type { QueryTerm } from './search-query.js';
import { countCapOf, hasFacets, type SearchFilter, type SearchLimits, type SearchRequest } from './search.repository.js';

/** What a database reads for the remembered scores, in the background. */
export interface RememberedSource {
  /** One phrase's score on every page it matches (lower is better), page ids ascending. */
  scorePhrase(phrase: string): Promise<PhrasePages>;
  /** The pages after `after` with their resource's first page id, ascending (PageOwners). */
  ownersAfter(after: number): Promise<[Float64Array, Float64Array]>;
  /** First page ids of the resources passing `filter`. */
  facetMembers(filter: SearchFilter): Promise<Float64Array>;
  /** The search index version now (search-vocabulary.repository.ts). */
  indexVersion(): Promise<number>;
}

/** Matching pages with their scores for the whole query, and their resources counted. */
export interface RememberedMatches {
  pages: ScoredPages;
  counted: number;
}

/**
 * A relevance search answered from each phrase's remembered scores (phrase-lists.ts), the pages'
 * owners (page-owners.ts) and the resources passing the facets (facet-members.ts), with no full-text
 * statement: decision 027. Both databases rank by a sum over the query's phrases (FTS5's bm25 is
 * one; on PostgreSQL each phrase's ts_rank is added, postgres-search.repository.ts), so a new
 * combination of phrases asked before is their lists merged and added.
 */
export class RememberedScores {
  private readonly phrases: PhraseLists;
  private readonly owners: PageOwners;
  private readonly facets: FacetMembers;

  constructor(
    source: RememberedSource,
    private readonly limits: SearchLimits,
  ) {
    // What was read is kept only if the index is still at the version asked for, read after it:
    // the counter moves with every change to page text, so that read saw the index of `version`.
    const atVersion = async <T>(read: Promise<T>, version: number): Promise<T | undefined> => {
      const value = await read;
      return (await source.indexVersion()) === version ? value : undefined;
    };
    this.phrases = new PhraseLists((phrase, version) => atVersion(source.scorePhrase(phrase), version), {
      maxBytes: limits.phraseListBytes,
      settleMs: limits.phraseListSettleMs,
    });
    this.owners = new PageOwners((after) => source.ownersAfter(after));
    this.facets = new FacetMembers((filter, version) => atVersion(source.facetMembers(filter), version));
  }

  /**
   * The request's matching pages and their count from what is remembered, with each term named
   * as a phrase by `phraseOf`; undefined when something is not at hand (it is read meanwhile), and
   * for what is left to the index: other orders than relevance, and a word being typed (a prefix
   * matches a large part of the library, and while typing each is asked once or twice: scoring it
   * in full would cost more than it saves; decision 027 measured it).
   */
  matches(request: SearchRequest, phraseOf: (term: QueryTerm) => string): RememberedMatches | undefined {
    const version = request.indexVersion;
    if (request.order !== 'relevance' || version === undefined || this.limits.phraseListBytes <= 0) return undefined;
    if (request.groups.some((group) => group.alternatives.some((t) => t.prefix))) return undefined;
    const phrases = request.groups.map((group) => group.alternatives.map(phraseOf));
    const distinct = [...new Set(phrases.flat())];
    this.owners.ensure(version);
    const members = hasFacets(request.filter) ? this.facets.get(request.filter, version) : undefined;
    // A phrase alone is answered by the index once and then from the answer memo (search.service.ts):
    // its scores are worth reading in full (150-250 ms of PostgreSQL for a common word) only once
    // it is combined with another phrase or with facets, where the memo does not reach.
    const lists = this.phrases.get(distinct, version, phrases.flat().length > 1 || hasFacets(request.filter));
    if (!lists || (hasFacets(request.filter) && !members)) return undefined;
    const byPhrase = new Map(distinct.map((phrase, i) => [phrase, lists[i]!]));
    const groups = phrases.map((group) => group.map((phrase) => byPhrase.get(phrase)!).filter((pages) => !pages.ignored)).filter((group) => group.length);
    const matching = combinePhrases(groups);
    const pages = members ? this.owners.keep(matching, members) : matching;
    const counted = pages && this.owners.count(pages.ids, countCapOf(request, this.limits));
    if (!pages || counted === undefined) return undefined;
    return { pages, counted };
  }

  /** Drops every phrase and facet list: pages were removed, or facets changed. */
  forget(): void {
    this.phrases.forget();
    this.facets.forget();
  }

  /** Resolves when nothing is being read to be remembered (tests, the bench). */
  async idle(): Promise<void> {
    await Promise.all([this.phrases.idle(), this.owners.idle(), this.facets.idle()]);
  }
}
