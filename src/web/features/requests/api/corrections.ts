import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { correctionListSchema, correctionResponseSchema, type CorrectionQueue } from '@shared/correction';
import { apiRequest } from '../../../lib/api-client';
import { correctionKeys, resourceKeys } from '../../../lib/query-keys';

/**
 * GET /api/corrections: one queue (open, or recently closed) of the CR's class, or of every class
 * for admins, `pageSize` at a time; fetchNextPage reads the next page ("Show more").
 */
export function useCorrections(queue: CorrectionQueue, pageSize: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...correctionKeys.queue(queue), pageSize] as const,
      initialPageParam: 0,
      queryFn: ({ signal, pageParam }) => apiRequest(`/api/corrections?status=${queue}&limit=${pageSize}&offset=${pageParam}`, correctionListSchema, { signal }),
      getNextPageParam: (last) => last.nextOffset ?? undefined,
    }),
  );
}

/** How a correction is decided: accepted (with the replacement PDF for a file kind) or dismissed (with a reason). */
export type CorrectionDecision = { decision: 'accept'; file?: File } | { decision: 'dismiss'; reason?: string };

/** POST /api/corrections/:id/accept, /accept-with-file (multipart) or /dismiss. */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...how }: CorrectionDecision & { id: string }) => {
      const base = `/api/corrections/${encodeURIComponent(id)}`;
      if (how.decision === 'dismiss') return apiRequest(`${base}/dismiss`, correctionResponseSchema, { method: 'POST', body: { reason: how.reason } });
      if (!how.file) return apiRequest(`${base}/accept`, correctionResponseSchema, { method: 'POST', body: {} });
      const form = new FormData();
      form.append('file', how.file);
      return apiRequest(`${base}/accept-with-file`, correctionResponseSchema, { method: 'POST', body: form });
    },
    onSuccess: async () => {
      // An accepted correction changes the resource: every list that shows it.
      await Promise.all([queryClient.invalidateQueries({ queryKey: correctionKeys.all }), queryClient.invalidateQueries({ queryKey: resourceKeys.all })]);
    },
  });
}
