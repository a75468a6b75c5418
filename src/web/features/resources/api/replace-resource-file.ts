import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

/** PUT /api/resources/:id/file: the uploader or an admin puts a better PDF in; the resource keeps its id. */
export function useReplaceResourceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return (await apiRequest(`/api/resources/${encodeURIComponent(id)}/file`, resourceResponseSchema, { method: 'PUT', body: form })).resource;
    },
    // The page count, size and thumbnail every list shows change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
