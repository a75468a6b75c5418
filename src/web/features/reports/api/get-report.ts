import { useQuery } from '@tanstack/react-query';
import { reportResponseSchema, type Report } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-keys';

export const reportQueryKey = (id: string) => [...REPORTS_QUERY_KEY, 'one', id] as const;

/** GET /api/reports/:id; the row already on screen shows at once while the fresh copy loads. */
export function useReport(id: string | null, placeholder?: Report) {
  return useQuery({
    queryKey: reportQueryKey(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/reports/${encodeURIComponent(id!)}`, reportResponseSchema, { signal }),
    enabled: id !== null,
    placeholderData: placeholder ? { report: placeholder } : undefined,
  });
}
