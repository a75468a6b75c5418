import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceSessionsResponseSchema, endedSessionsResponseSchema } from '@shared/sessions';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['account', 'sessions'] as const;

/** GET /api/account/sessions: the signed-in devices, this one first. */
export function useDeviceSessions() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest('/api/account/sessions', deviceSessionsResponseSchema) });
}

/** Ends one device's session (`id`), or every other one (`'others'`). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiRequest('/api/account/sessions/end-others', endedSessionsResponseSchema, { method: 'POST' })
        : apiRequest(`/api/account/sessions/${encodeURIComponent(which.id)}`, endedSessionsResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
