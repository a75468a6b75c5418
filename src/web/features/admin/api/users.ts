import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import {
  adminStatsSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  type AdminUserListQuery,
  type AssignableRole,
} from '@shared/admin';
import { endedSessionsResponseSchema } from '@shared/sessions';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/admin/users: one page of the table plus the tab and branch counts. */
export function listUsers(query: AdminUserListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ role: query.role, page: String(query.page) });
  if (query.branch) params.set('branch', query.branch);
  if (query.q) params.set('q', query.q);
  return apiRequest(`/api/admin/users?${params}`, adminUserListResponseSchema, { signal });
}

export function useAdminUsers(query: AdminUserListQuery) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.users(query),
      queryFn: ({ signal }) => listUsers(query, signal),
      // Typing in the search box or paging keeps the old rows until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/admin/stats: the stat cards. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiRequest('/api/admin/stats', adminStatsSchema, { signal }),
  });
}

/** PATCH /api/admin/users/:id/role */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AssignableRole }) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(id)}/role`, adminUserResponseSchema, {
        method: 'PATCH',
        body: { role },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/users/:id */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, messageResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/users/:id/end-sessions: the user is signed out on every device. */
export function useEndUserSessions() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(id)}/end-sessions`, endedSessionsResponseSchema, { method: 'POST' }),
  });
}
