import { useQuery } from '@tanstack/react-query';
import { resourceQuestionsResponseSchema, subjectPageResponseSchema, type SubjectQuery } from '@shared/questions';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** GET /api/resources/:id/questions, only when a question is to be shown (`enabled`). */
export function useResourceQuestions(resourceId: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.questions(resourceId),
    queryFn: ({ signal }) => apiRequest(`/api/resources/${encodeURIComponent(resourceId)}/questions`, resourceQuestionsResponseSchema, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/subjects/:subject: the subject page's papers and most asked questions. */
export function useSubjectPage(subject: string, filter: SubjectQuery) {
  const query = new URLSearchParams();
  if (filter.section) query.set('section', filter.section);
  if (filter.marks !== undefined) query.set('marks', String(filter.marks));
  const search = query.size ? `?${query}` : '';
  return useQuery({
    queryKey: resourceKeys.subject(subject, filter),
    queryFn: ({ signal }) => apiRequest(`/api/subjects/${encodeURIComponent(subject)}${search}`, subjectPageResponseSchema, { signal }),
    placeholderData: (previous) => previous,
  });
}
