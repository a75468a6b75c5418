import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectListResponseSchema } from '@shared/api/catalogue.schema';
import { apiRequest } from './api-client';
import { catalogueKeys } from './query-keys';

/* In lib/ because the upload and the request forms both suggest the catalogue's subjects. */

/** GET /api/catalogue/subjects?branch=&semester= : suggestions for the subject box. */
export function getSubjects(branch: string, semester: number, signal?: AbortSignal) {
  return apiRequest(`/api/catalogue/subjects?branch=${encodeURIComponent(branch)}&semester=${semester}`, subjectListResponseSchema, {
    signal,
  });
}

export function useSubjects(branch: string | undefined, semester: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: catalogueKeys.subjects(branch, semester),
      queryFn: ({ signal }) => getSubjects(branch!, semester!, signal),
      enabled: Boolean(branch && semester),
      staleTime: 5 * 60_000,
    }),
  );
}
