import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorSchema } from '@shared/api/error.schema';
import { REPORT_MESSAGES, SCREENSHOT_FIELD, createReportResponseSchema, type ReportFields } from '@shared/report';
import { ApiRequestError } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-keys';

/**
 * POST /api/reports as multipart/form-data (the JSON helper in lib/api-client cannot send a
 * file). The text fields go before the screenshot: the server checks them before storing a byte.
 */
export async function createReport(fields: ReportFields, screenshot: File | null, signal?: AbortSignal) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (screenshot) form.append(SCREENSHOT_FIELD, screenshot, screenshot.name);
  let response: Response;
  try {
    response = await fetch('/api/reports', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('Cannot reach the server. Check your connection and try again.', 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ApiRequestError(
      parsed.success ? parsed.data.message : REPORT_MESSAGES.submitFailed,
      response.status,
      parsed.success ? parsed.data.code : undefined,
      parsed.success ? parsed.data.field : undefined,
    );
  }
  return createReportResponseSchema.parse(payload);
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, screenshot }: { fields: ReportFields; screenshot: File | null }) => createReport(fields, screenshot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
  });
}
