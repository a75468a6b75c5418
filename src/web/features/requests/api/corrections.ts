import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { correctionListSchema, correctionResponseSchema, type CorrectionList, type CorrectionQueue } from '@shared/correction';
import { apiRequest } from '../../../lib/api-client';
import { correctionKeys, resourceKeys } from '../../../lib/query-keys';

/**
 * GET /api/corrections: one queue (open, or recently closed) of the CR's class, or of every class
 * for admins, `pageSize` at a time; fetchNextPage reads one page more ("Show more"). Plain
 * useQuery over the pages asked so far, not useInfiniteQuery: every TanStack Query export used
 * anywhere lands in the app's first load (boot-libraries), and the infinite observer cost every
 * page ~300 bytes over its budget. The lists are short, so reading them again is cheap.
 */
export function useCorrections(queue: CorrectionQueue, pageSize: number) {
  const [pagesWanted, setPagesWanted] = useState(1);
  const query = useQuery({
    queryKey: [...correctionKeys.queue(queue), pageSize, pagesWanted] as const,
    queryFn: async ({ signal }) => {
      const pages: CorrectionList[] = [];
      for (let offset: number | null | undefined = 0; offset !== null && offset !== undefined && pages.length < pagesWanted; offset = pages.at(-1)!.nextOffset) {
        pages.push(await apiRequest(`/api/corrections?status=${queue}&limit=${pageSize}&offset=${offset}`, correctionListSchema, { signal }));
      }
      return { pages };
    },
    // The list shown stays while one more page is read.
    placeholderData: (previous) => previous,
  });
  return {
    ...query,
    hasNextPage: query.data?.pages.at(-1)?.nextOffset != null,
    isFetchingNextPage: query.isPlaceholderData && query.isFetching,
    fetchNextPage: () => setPagesWanted((n) => n + 1),
  };
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
