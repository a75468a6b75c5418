import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportPageSchema, type ReportListQuery } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** The query string of GET /api/reports; also the inbox's address bar. Empty filters are left out. */
export function reportListSearch(query: ReportListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.issueType) params.set('issueType', query.issueType);
  if (query.priority) params.set('priority', query.priority);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** GET /api/reports (admins): filtered, newest first, 20 a page. */
export function useReports(query: ReportListQuery) {
  return useQuery({
    queryKey: reportKeys.inbox(query),
    queryFn: ({ signal }) => apiRequest(`/api/reports?${reportListSearch(query)}`, reportPageSchema, { signal }),
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
