import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceListResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** What the request form has so far: the library is searched for it (LibraryMatches). */
export interface MatchDraft {
  branch: string;
  semester: string;
  subject: string;
  resourceType: string;
  exam: string;
}

/** How many resources "These may be what you want" lists. */
const SHOWN = 4;

/**
 * The library's search (GET /api/resources with q) for the subject as a phrase, in the draft's
 * class, type and exam; any year, since another year's paper may do.
 */
export function useLibraryMatches(draft: MatchDraft, enabled: boolean) {
  const params = new URLSearchParams({ branch: draft.branch, semester: draft.semester, q: `"${draft.subject.trim().replace(/"/g, ' ')}"`, pageSize: String(SHOWN) });
  if (draft.resourceType) params.set('resourceType', draft.resourceType);
  if (draft.resourceType === 'PYQ' && draft.exam) params.set('exam', draft.exam);
  return useQuery({
    queryKey: resourceKeys.requestMatches(params.toString()),
    queryFn: ({ signal }) => apiRequest(`/api/resources?${params}`, resourceListResponseSchema, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
