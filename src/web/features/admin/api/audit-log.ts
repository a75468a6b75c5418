import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/admin/audit-log?page=N: newest first, 20 a page. */
export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.auditLog(page),
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit-log?page=${page}`, auditLogResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
