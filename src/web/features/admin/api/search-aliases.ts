import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { subjectAliasListSchema, subjectAliasResponseSchema, type SubjectAlias } from '@shared/search';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/admin/aliases: every abbreviation search knows, with the subject it stands for. */
export function useSearchAliases() {
  return useQuery({
    queryKey: adminKeys.aliases,
    queryFn: ({ signal }) => apiRequest('/api/admin/aliases', subjectAliasListSchema, { signal }),
  });
}

/** PUT /api/admin/aliases: adds an abbreviation, or points an existing one at another subject. */
export function useSaveAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alias: SubjectAlias) => apiRequest('/api/admin/aliases', subjectAliasResponseSchema, { method: 'PUT', body: alias }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.aliases }),
  });
}

/** DELETE /api/admin/aliases/:alias. */
export function useDeleteAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alias: string) =>
      apiRequest(`/api/admin/aliases/${encodeURIComponent(alias)}`, messageResponseSchema, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.aliases }),
  });
}
