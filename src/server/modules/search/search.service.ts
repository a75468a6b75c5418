import type { SnippetPart } from '../../../shared/search.js';
import { WriteVersionMemo } from '../../db/write-version-memo.js';
import { ListCache } from '../resources/list-cache.js';
import {
  correctable,
  editDistanceOne,
  highlightTerms,
  parseQuery,
  queryWords,
  singleWord,
  termOf,
  type QueryGroup,
} from './search-query.js';
import type { SearchVocabularyRepository } from './search-vocabulary.repository.js';
import type { SearchMatch, SearchRepository, SearchRequest } from './search.repository.js';
import { snippetParts } from './snippet-parts.js';

/** Corrections added for one misspelt word, at most. */
const MAX_CORRECTIONS = 3;

export interface SearchQuery extends Omit<SearchRequest, 'groups'> {
  q: string;
}

export interface SearchOutcome {
  total: number;
  /** More than `total` resources match (the count stops at a cap). */
  totalCapped: boolean;
  matches: Array<SearchMatch & { snippet: SnippetPart[] }>;
  /** Words to highlight in the preview (typed, corrected and the subjects of abbreviations). */
  terms: string[];
}

/**
 * The rules of full-text search: what a query means (search-query.ts), which abbreviations and
 * typo corrections it grows by, and snippets only for the resources of the page asked for.
 */
export class SearchService {
  /**
   * Outcomes memoised per query, facets, order and page (list-cache.ts): on SQLite a common word
   * over 200,000 pages costs about 100 ms of its single thread, and the same searches come again
   * and again. Each outcome carries the index version it was computed from: new page text (from
   * any process) reloads it, and the request that starts the reload waits for it up to
   * `versionWaitMs`, so a quick search finds new text at once while, during a burst of processing,
   * a slow one (and every request arriving while a reload runs) answers its previous outcome
   * rather than queueing. forget() (an upload, a delete, an alias change,
   * here or on another instance through the change bus, db/change-bus.ts) drops everything.
   */
  private readonly outcomes = new ListCache<SearchOutcome | undefined>({
    ttlMs: 30_000,
    staleMs: 5 * 60_000,
    versionWaitMs: 100,
    maxEntries: 5000,
    // Two of PostgreSQL's ten pooled connections (SQLite: its two reader threads) at most.
    maxReloads: 2,
  });

  /**
   * What the vocabulary says of each word (an abbreviation's subject, whether the index knows the
   * word or a word beginning so, its corrections), while the database is unchanged
   * (WriteVersionMemo): a query never asked before is mostly of words asked before. Each one ran
   * two statements, and one with a typo also looked up its ~500 candidate corrections (0.2 ms of
   * the event loop).
   */
  private readonly subjects = new WriteVersionMemo<string | null>({ maxEntries: 5000 });
  private readonly known = new WriteVersionMemo<boolean>({ maxEntries: 20_000 });
  private readonly corrections = new WriteVersionMemo<string[]>({ maxEntries: 5000 });

  constructor(
    private readonly repository: SearchRepository,
    private readonly vocabulary: SearchVocabularyRepository,
  ) {}

  /**
   * Undefined when the text has no word at all (only punctuation): the caller lists unfiltered.
   * `writeVersion` (Db.writeVersion, taken before this request read anything) spares reading the
   * index version again while nothing was written.
   */
  async search(query: SearchQuery, writeVersion?: string): Promise<SearchOutcome | undefined> {
    const version = await this.indexVersion(writeVersion);
    // Many clients asking the same new query share one run (ListCache loads a key once at a time).
    return this.outcomes.get(outcomeKey(query), () => this.searchNow(query, version, writeVersion), version);
  }

  /**
   * search()'s outcome when it is at hand without a promise: remembered, fresh, and the database
   * unchanged since the index version was read (`writeVersion` as for search()); undefined when
   * search() must be asked. A remembered answer then makes no promise (decision 025).
   */
  peek(query: SearchQuery, writeVersion: string | undefined): SearchOutcome | undefined {
    const known = this.indexVersionAt;
    if (writeVersion === undefined || known?.writeVersion !== writeVersion) return undefined;
    return this.outcomes.peek(outcomeKey(query), known.index);
  }

  /** The index version last read, with the write version taken before it was. */
  private indexVersionAt: { writeVersion: string; index: number } | undefined;

  /**
   * The index version (what outcomes are memoised under), read again only when the database has
   * changed since: a remembered search answer then costs no query. Read after `writeVersion` was
   * taken, so a write in between can only make it newer than its version says, never older.
   */
  private async indexVersion(writeVersion: string | undefined): Promise<number> {
    const known = this.indexVersionAt;
    if (writeVersion !== undefined && known?.writeVersion === writeVersion) return known.index;
    const index = await this.vocabulary.indexVersion();
    if (writeVersion !== undefined) this.indexVersionAt = { writeVersion, index };
    return index;
  }

  /** Forgets memoised outcomes: call after anything that changes what a search finds. */
  forget(): void {
    this.outcomes.invalidate();
    this.subjects.clear();
    this.known.clear();
    this.corrections.clear();
    this.repository.forget?.();
  }

  private async searchNow(query: SearchQuery, indexVersion: number, writeVersion: string | undefined): Promise<SearchOutcome | undefined> {
    const groups = parseQuery(query.q);
    if (!groups.length) return undefined;
    await this.expand(groups, writeVersion);
    const { total, totalCapped, matches } = await this.repository.search({ ...query, groups, indexVersion });
    const snippets = await this.repository.snippets(
      groups,
      matches.map((m) => m.pageId),
    );
    return {
      total,
      totalCapped,
      matches: matches.map((m) => ({ ...m, snippet: snippetParts(snippets.get(m.pageId) ?? '') })),
      terms: highlightTerms(groups),
    };
  }

  /** Adds the subject of an abbreviation ("dsa" or "data structures") and one-letter typo corrections. */
  private async expand(groups: QueryGroup[], version: string | undefined): Promise<void> {
    const singles = groups.map(singleWord);
    const subjects = await this.subjects.rememberEach(
      singles.flatMap((w) => (w ? [w.toUpperCase()] : [])),
      version,
      (aliases) => this.vocabulary.subjectsOf(aliases),
      null,
    );
    const unexpanded: QueryGroup[] = [];
    groups.forEach((group, i) => {
      const word = singles[i];
      const subject = word && subjects.get(word.toUpperCase());
      const subjectWords = subject ? queryWords(subject) : [];
      if (subjectWords.length) group.alternatives.push({ words: subjectWords, prefix: false });
      else if (word && correctable(termOf(word))) unexpanded.push(group);
    });
    if (!unexpanded.length) return;
    const known = await this.known.rememberEach(
      unexpanded.filter((g) => !g.typed.prefix).map((g) => termOf(g.typed.words[0]!)),
      version,
      async (words) => new Map([...(await this.vocabulary.knownTerms(words))].map((word) => [word, true])),
      false,
    );
    for (const group of unexpanded) {
      const word = termOf(group.typed.words[0]!);
      const found = group.typed.prefix
        ? await this.known.remember(`${word}*`, version, () => this.vocabulary.hasPrefix(word))
        : known.get(word);
      if (found) continue;
      const corrections = await this.corrections.remember(word, version, async () =>
        [...(await this.vocabulary.knownTerms(editDistanceOne(word)))].sort().slice(0, MAX_CORRECTIONS),
      );
      for (const correction of corrections) group.alternatives.push({ words: [correction], prefix: false });
    }
  }
}

/** Where an outcome is memoised: everything that decides it. */
const outcomeKey = (query: SearchQuery) => JSON.stringify([query.q, query.filter, query.order, query.offset, query.limit]);
