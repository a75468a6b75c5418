import { useQuery } from '@tanstack/react-query';
import { resourceListResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/resources narrowed to one class and some subject words: candidates to fulfil a request. */
export function useCandidateResources(branch: string, semester: number, words: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.candidates(branch, semester, words),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ branch, semester: String(semester), pageSize: '10' });
      if (words.trim()) params.set('q', words.trim());
      return apiRequest(`/api/resources?${params}`, resourceListResponseSchema, { signal });
    },
    enabled,
  });
}
