import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportPageSchema } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** GET /api/reports/mine?page=N: the signed-in user's reports, newest first. */
export function useMyReports(page: number) {
  return useQuery({
    queryKey: reportKeys.mine(page),
    queryFn: ({ signal }) => apiRequest(`/api/reports/mine?page=${page}`, reportPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
