import { useQuery } from '@tanstack/react-query';
import { reportResponseSchema, type Report } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** GET /api/reports/:id; the row already on screen shows at once while the fresh copy loads. */
export function useReport(id: string | null, placeholder?: Report) {
  return useQuery({
    queryKey: reportKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/reports/${encodeURIComponent(id!)}`, reportResponseSchema, { signal }),
    enabled: id !== null,
    placeholderData: placeholder ? { report: placeholder } : undefined,
  });
}
