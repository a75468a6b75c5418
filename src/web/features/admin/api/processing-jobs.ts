import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { processingJobListResponseSchema, type ProcessingJobListQuery } from '@shared/processing';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

/** Which jobs a tab lists: one status, or pending, running and failed together (undefined). */
export type JobStatusFilter = ProcessingJobListQuery['status'];

/** GET /api/admin/jobs?status=&page=: 20 jobs a page, with the count of each status. */
export function useProcessingJobs(status: JobStatusFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.jobs.list(status, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (status) params.set('status', status);
      return apiRequest(`/api/admin/jobs?${params}`, processingJobListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
    // Jobs move on their own (a worker takes them): the list follows while the page is open.
    refetchInterval: 10_000,
  });
}

/** POST /api/admin/jobs/:resourceId/retry: a failed job goes back to the queue. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: string) =>
      apiRequest(`/api/admin/jobs/${encodeURIComponent(resourceId)}/retry`, messageResponseSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs.all }),
  });
}
