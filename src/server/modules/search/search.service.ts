import type { SnippetPart } from '../../../shared/search.js';
import { soughtStems, type SoughtStems } from './question-match.js';
import { correctable, editDistanceOne, highlightTerms, parseQuery, queryWords, singleWord, termOf, type QueryGroup } from './search-query.js';
import type { SearchVocabularyRepository } from './search-vocabulary.repository.js';
import type { SearchRepository, SearchRequest } from './search.repository.js';
import { snippetParts } from './snippet-parts.js';

/** Corrections added for one misspelt word, at most. */
const MAX_CORRECTIONS = 3;

export interface SearchQuery extends Omit<SearchRequest, 'groups'> {
  q: string;
}

export interface SearchOutcome {
  total: number;
  matches: Array<{ resourceId: string; page: number; snippet: SnippetPart[] }>;
  /** Words to highlight in the preview (typed, corrected and the subjects of abbreviations). */
  terms: string[];
  /** What a question's text is looked through for, to name the question a hit stands in (question-match.ts). */
  sought: SoughtStems;
}

/**
 * The rules of full-text search: what a query means (search-query.ts) and which abbreviations and
 * one-letter typo corrections it grows by (from the index's own vocabulary, search_term). The
 * engine does the ranking (search.repository.ts); answers are cached in front of this, not here.
 */
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly vocabulary: SearchVocabularyRepository,
  ) {}

  /** Undefined when the text has no word at all (only punctuation): the caller lists unfiltered. */
  async search(query: SearchQuery): Promise<SearchOutcome | undefined> {
    const groups = parseQuery(query.q);
    if (!groups.length) return undefined;
    await this.expand(groups);
    const { total, matches } = await this.repository.search({ ...query, groups });
    return {
      total,
      matches: matches.map((m) => ({ resourceId: m.resourceId, page: m.page, snippet: snippetParts(m.snippet) })),
      terms: highlightTerms(groups),
      sought: soughtStems(groups),
    };
  }

  /** Adds the subject of an abbreviation ("dsa" or "data structures") and one-letter typo corrections. */
  private async expand(groups: QueryGroup[]): Promise<void> {
    const singles = groups.map(singleWord);
    const subjects = await this.vocabulary.subjectsOf(singles.flatMap((w) => (w ? [w.toUpperCase()] : [])));
    const unexpanded: QueryGroup[] = [];
    groups.forEach((group, i) => {
      const word = singles[i];
      const subjectWords = word ? queryWords(subjects.get(word.toUpperCase()) ?? '') : [];
      if (subjectWords.length) group.alternatives.push({ words: subjectWords, prefix: false });
      else if (word && correctable(termOf(word))) unexpanded.push(group);
    });
    if (!unexpanded.length) return;
    const known = await this.vocabulary.knownTerms(unexpanded.filter((g) => !g.typed.prefix).map((g) => termOf(g.typed.words[0]!)));
    for (const group of unexpanded) {
      const word = termOf(group.typed.words[0]!);
      const found = group.typed.prefix ? await this.vocabulary.hasPrefix(word) : known.has(word);
      if (found) continue;
      const corrections = [...(await this.vocabulary.knownTerms(editDistanceOne(word)))].sort().slice(0, MAX_CORRECTIONS);
      for (const correction of corrections) group.alternatives.push({ words: [correction], prefix: false });
    }
  }
}
