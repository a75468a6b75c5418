import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createReportResponseSchema, type ReportStatus } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** PATCH /api/reports/:id/status (admins). */
export function useUpdateReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReportStatus }) =>
      apiRequest(`/api/reports/${encodeURIComponent(id)}/status`, createReportResponseSchema, { method: 'PATCH', body: { status } }),
    onSuccess: ({ report }) => {
      queryClient.setQueryData(reportKeys.one(report.id), { report });
      return queryClient.invalidateQueries({ queryKey: reportKeys.all, predicate: (query) => query.queryKey[1] !== 'one' });
    },
  });
}
