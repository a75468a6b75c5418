import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SCREENSHOT_FIELD, createReportResponseSchema, type ReportFields } from '@shared/report';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/**
 * POST /api/reports as multipart/form-data. The text fields go before the screenshot: the server
 * checks them before storing a byte.
 */
export function createReport(fields: ReportFields, screenshot: File | null, signal?: AbortSignal) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (screenshot) form.append(SCREENSHOT_FIELD, screenshot, screenshot.name);
  return apiRequest('/api/reports', createReportResponseSchema, { method: 'POST', body: form, signal });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, screenshot }: { fields: ReportFields; screenshot: File | null }) => createReport(fields, screenshot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
