/*
 * What the rest of the server may use of search: the service (the library's lists call it), the
 * facets it narrows by, and the writers of its tables (page 0 with each resource, page text from
 * processing). Everything else in this folder is search's own.
 */
export { createSearch } from './create-search.js';
export { PageZeroRepository, type PageZeroSource } from './page-zero.repository.js';
export { SearchIndexRepository, type PageText } from './search-index.repository.js';
export type { SearchOutcome, SearchQuery, SearchService } from './search.service.js';
export { latestExamOrder, type SearchFilter } from './search.repository.js';
export { groupsFoundIn, groupsNeeded, questionCoversPage, type SoughtStems } from './question-match.js';
export { searchAdminRoutes } from './search.routes.js';
