import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDecisionResponseSchema, adminRequestListResponseSchema } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

export type AdminDecision = 'approve' | 'decline';

/** GET /api/admin/admin-requests: pending requests for admin access made at sign-up. */
export function useAdminRequests() {
  return useQuery({
    queryKey: adminKeys.adminRequests,
    queryFn: ({ signal }) => apiRequest('/api/admin/admin-requests', adminRequestListResponseSchema, { signal }),
  });
}

/** POST /api/admin/admin-requests/:id/approve|decline */
export function useDecideAdminRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AdminDecision }) =>
      apiRequest(`/api/admin/admin-requests/${id}/${decision}`, adminDecisionResponseSchema, { method: 'POST' }),
    // An approval changes the users table, the tab counts and the stat cards too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
