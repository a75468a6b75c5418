import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadFields } from '@shared/resource';
import { RESOURCES_QUERY_KEY } from './list-resources';
import { uploadForRequest, uploadResource } from './upload-resource';

export type UploadTarget = { fields: UploadFields; file: File } | { requestId: string; fields: Pick<UploadFields, 'resourceType'>; file: File };

/**
 * The upload as a mutation, with the percentage of bytes sent; back to 0 when it ends. With a
 * request id it fulfils that request; the answer's `message` then says how that went.
 */
export function useUploadResource() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async (target: UploadTarget): Promise<{ message?: string }> => {
      setProgress(0);
      if ('requestId' in target) return uploadForRequest(target.requestId, target.fields, target.file, setProgress);
      await uploadResource(target.fields, target.file, setProgress);
      return {};
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RESOURCES_QUERY_KEY });
      // Marked stale, not refetched now: the upload page still shows the request it just closed
      // until it moves on, instead of flashing "already fulfilled".
      await queryClient.invalidateQueries({ queryKey: ['requests'], refetchType: 'none' });
    },
    onSettled: () => setProgress(0),
  });
  return { ...mutation, progress };
}
