/** Everything this feature caches; a new report or a status change refreshes all of it. */
export const REPORTS_QUERY_KEY = ['reports'] as const;
