import { FacetMembers } from './facet-members.js';
import { patchPhrase, patchPrefix, type PagesChanged } from './page-changes.js';
import { PageOwners } from './page-owners.js';
import { IndexClock, oneAtATime, PhraseLists, type CatchUp } from './phrase-lists.js';
import { bestPages, bytesOf, combinePhrases, type PhrasePages, type ScoredPages } from './phrase-scores.js';
import { prefixBytes, type PrefixPages } from './prefix-pages.js';
import { wholeWords, type QueryTerm } from './search-query.js';
import { countCapOf, hasFacets, type SearchFilter, type SearchLimits, type SearchRequest } from './search.repository.js';

/** Resources whose page pageOfBest names in one statement, at most (SQLite takes 32,766 values). */
const MAX_RESOURCES_NAMED = 5000;

/** What a database reads for the remembered scores, in the background. */
export interface RememberedSource {
  /** One phrase's score on every page it matches (lower is better), page ids ascending. */
  scorePhrase(phrase: string): Promise<PhrasePages>;
  /** The pages holding a word that begins with a prefix (a term with `prefix`, as `phraseOf` writes it). */
  prefixPages(prefix: string): Promise<PrefixPages>;
  /** The pages after `after` with their resource's first page id, ascending (PageOwners). */
  ownersAfter(after: number): Promise<[Float64Array, Float64Array]>;
  /** First page ids of the resources passing `filter`. */
  facetMembers(filter: SearchFilter): Promise<Float64Array>;
  /** The search index version now (search-vocabulary.repository.ts). */
  indexVersion(): Promise<number>;
  /**
   * PostgreSQL (migration 019): the pages changed after index version `from` up to `to`, and
   * which of them each phrase or prefix (as `phraseOf` writes it) matches now, with its score;
   * undefined when reading the lists again would cost no more (the log no longer reaches back, or
   * much changed).
   */
  changesFor?(phrases: string[], from: number, to: number): Promise<PageChanges | undefined>;
}

/** The pages changed between two index versions, and each phrase's among them (RememberedSource.changesFor). */
export interface PageChanges {
  changed: ArrayLike<number>;
  matches: Map<string, { ids: number[]; scores: number[] }>;
}

/** The resources matching, counted, and the best page of each with its score for the whole query, best first. */
export interface RememberedMatches {
  /** [page id, score]: enough resources for the page of results asked for, and all that tie with its last (pageOfBest). */
  best: Array<[number, number]>;
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
  private readonly phrases: PhraseLists<PhrasePages>;
  private readonly prefixes: PhraseLists<PrefixPages>;
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
    // The prefixes' lists are read from the time the index settled, as the phrases' are, and
    // one list of either kind at a time.
    const clock = new IndexClock();
    const serial = oneAtATime();
    // Lists of older versions brought up to date, checked as a read is.
    const catchUpBy =
      <T extends { ignored?: true }>(patch: (pages: T, change: PagesChanged) => T): CatchUp<T> | undefined =>
        source.changesFor &&
        (async (lists, version) => {
          const live = lists.filter((list) => !list.pages.ignored);
          if (!live.length) return new Map();
          const from = live.reduce((oldest, list) => Math.min(oldest, list.version), version);
          const found = await atVersion(source.changesFor!(live.map((list) => list.phrase), from, version), version);
          if (!found) return undefined;
          const changed = new Map<string, T>();
          for (const { phrase, pages } of live) {
            const matched = found.matches.get(phrase);
            const next = patch(pages, { changed: found.changed, ids: matched?.ids ?? [], scores: matched?.scores });
            if (next !== pages) changed.set(phrase, next);
          }
          return changed;
        });
    this.phrases = new PhraseLists((phrase, version) => atVersion(source.scorePhrase(phrase), version), {
      clock,
      oneAtATime: serial,
      maxBytes: limits.phraseListBytes,
      settleMs: limits.phraseListSettleMs,
      sizeOf: bytesOf,
      catchUp: catchUpBy(patchPhrase),
    });
    // A bitset per prefix (a bit per page id): half the phrases' memory holds some 860 prefixes of
    // a library of 300,000 pages.
    this.prefixes = new PhraseLists((prefix, version) => atVersion(source.prefixPages(prefix), version), {
      clock,
      oneAtATime: serial,
      maxBytes: Math.floor(limits.phraseListBytes / 2),
      settleMs: limits.phraseListSettleMs,
      sizeOf: prefixBytes,
      catchUp: catchUpBy(patchPrefix),
    });
    this.owners = new PageOwners((after) => source.ownersAfter(after));
    this.facets = new FacetMembers((filter, version) => atVersion(source.facetMembers(filter), version));
  }

  /**
   * The request's matching pages and their count from what is remembered, with each term named
   * as a phrase by `phraseOf`; undefined when something is not at hand (it is read meanwhile), and
   * for what is left to the index: other orders than relevance, and a query of nothing but a word
   * being typed (its letters are on a large part of the library, and the answer memo serves the
   * few that students type). A word being typed ranks as its letters do as a whole word and matches
   * by the pages holding a word that begins with them (decision 028): its phrase's scores and the
   * prefix's pages, both remembered.
   */
  async matches(request: SearchRequest, phraseOf: (term: QueryTerm) => string): Promise<RememberedMatches | undefined> {
    const version = request.indexVersion;
    if (request.order !== 'relevance' || version === undefined || this.limits.phraseListBytes <= 0) return undefined;
    const typed = (t: QueryTerm) => t.prefix;
    if (request.groups.every((group) => group.alternatives.some(typed))) return undefined;
    const phrases = request.groups.map((group) => wholeWords(group).alternatives.map(phraseOf));
    const prefixed = request.groups.map((group) => group.alternatives.filter(typed).map(phraseOf));
    const distinct = [...new Set(phrases.flat())];
    const distinctPrefixes = [...new Set(prefixed.flat())];
    this.owners.ensure(version);
    const members = hasFacets(request.filter) ? this.facets.get(request.filter, version) : undefined;
    // A phrase alone is answered by the index once and then from the answer memo (search.service.ts):
    // its scores are worth reading in full (150-250 ms of PostgreSQL for a common word) only once
    // it is combined with another phrase or with facets, where the memo does not reach.
    const queue = phrases.flat().length > 1 || hasFacets(request.filter);
    // Outdated lists brought up to date first (PostgreSQL), once per version for every search.
    const catchingUp = [this.phrases.caughtUp(version), this.prefixes.caughtUp(version)].filter((done) => done !== undefined);
    if (catchingUp.length) await Promise.all(catchingUp);
    const lists = this.phrases.get(distinct, version, queue);
    const sets = distinctPrefixes.length ? this.prefixes.get(distinctPrefixes, version, queue) : [];
    if (!lists || !sets || (hasFacets(request.filter) && !members)) return undefined;
    const byPhrase = new Map(distinct.map((phrase, i) => [phrase, lists[i]!]));
    const byPrefix = new Map(distinctPrefixes.map((prefix, i) => [prefix, sets[i]!]));
    const groups = phrases
      .map((group, i) => ({
        lists: group.map((phrase) => byPhrase.get(phrase)!).filter((pages) => !pages.ignored),
        sets: prefixed[i]!.map((prefix) => byPrefix.get(prefix)!).filter((pages) => !pages.ignored),
      }))
      .filter((group) => group.lists.length || group.sets.length);
    // Nothing but the word being typed is left once PostgreSQL drops stop words ("the gr"): the index's.
    if (groups.length && groups.every((group) => group.sets.length)) return undefined;
    const matching = combinePhrases(
      groups.map((group) => group.lists),
      groups.map((group) => group.sets),
    );
    const pages = members ? this.owners.keep(matching, members) : matching;
    const counted = pages && this.owners.count(pages.ids, countCapOf(request, this.limits));
    if (!pages || counted === undefined) return undefined;
    const best = this.bestOfEach(pages, Math.min(request.offset + request.limit, counted));
    return best && { best, counted };
  }

  /**
   * The best page of the `wanted` best resources (and of those tying with the last), from the
   * best pages: as many as pageOfMatches ranks in its first pass, eight times more while they hold
   * too few resources, and in the end all. Undefined (the index ranks) when thousands of
   * resources tie: too many to name in one statement.
   */
  private bestOfEach(pages: ScoredPages, wanted: number): Array<[number, number]> | undefined {
    for (let n = Math.max(this.limits.minPages, wanted * this.limits.pagesPerResult); ; n *= 8) {
      const best = bestPages(pages, n);
      const each = this.owners.bestOfEach(best, wanted);
      if (!each || each.kept.length > MAX_RESOURCES_NAMED) return undefined;
      if (each.enough || best.length >= pages.ids.length) return each.kept;
    }
  }

  /** Drops every phrase and facet list: pages were removed, or facets changed. */
  forget(): void {
    this.phrases.forget();
    this.prefixes.forget();
    this.facets.forget();
  }

  /** Resolves when nothing is being read to be remembered (tests, the bench). */
  async idle(): Promise<void> {
    await Promise.all([this.phrases.idle(), this.prefixes.idle(), this.owners.idle(), this.facets.idle()]);
  }
}
