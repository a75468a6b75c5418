import { RESOURCE_SORTS, type ResourceSort } from '@shared/resource';

/** "Best match": the order of a search's results, by how well each matches (issue 13). */
export const RELEVANCE_SORT = 'relevance' satisfies ResourceSort;
export type SortChoice = ResourceSort;

/** The order results come in when the address names none: best match first for a search. */
export function defaultSort(q: string): SortChoice {
  return q.trim() ? RELEVANCE_SORT : 'newest';
}

/** A sort from the address, when it applies: "Best match" only with something to match. */
export function validSort(raw: string, q: string): SortChoice {
  if (raw === RELEVANCE_SORT) return defaultSort(q);
  return (RESOURCE_SORTS as readonly string[]).includes(raw) ? (raw as ResourceSort) : defaultSort(q);
}

/**
 * The order once the search box changed from `previousQ` to `q`: an order the reader did not
 * choose follows the box (best match with words, newest without); a chosen one stays, except
 * best match, which needs words.
 */
export function sortAfterTyping(sort: SortChoice, previousQ: string, q: string): SortChoice {
  const chosen = sort !== defaultSort(previousQ);
  return chosen ? validSort(sort, q) : defaultSort(q);
}
