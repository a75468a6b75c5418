import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Resource } from '@shared/resource';
import type { UploadFields } from '@shared/upload-fields';
import { uploadForRequest, uploadResource } from './upload-resource';
import { requestKeys, resourceKeys } from '../../../lib/query-keys';

export type UploadTarget = { fields: UploadFields; file: File } | { requestId: string; fields: Pick<UploadFields, 'resourceType' | 'confirmNearDuplicate'>; file: File };

/** True for the rejection of an upload the user cancelled. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The upload as a mutation, with the percentage of bytes sent (back to 0 when it ends) and
 * cancel(), which aborts the request: the server then drops what it had stored. With a request
 * id it fulfils that request; the answer's `message` then says how that went. A new upload
 * answers with its resource, so the page can link to it.
 */
export function useUploadResource() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (target: UploadTarget): Promise<{ message?: string; resource?: Resource }> => {
      setProgress(0);
      controller.current = new AbortController();
      const { signal } = controller.current;
      if ('requestId' in target) return uploadForRequest(target.requestId, target.fields, target.file, setProgress, signal);
      return { resource: await uploadResource(target.fields, target.file, setProgress, signal) };
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
      // Marked stale, not refetched now: the upload page still shows the request it just closed
      // until it moves on, instead of flashing "already fulfilled".
      await queryClient.invalidateQueries({ queryKey: requestKeys.all, refetchType: 'none' });
    },
    onSettled: () => {
      controller.current = null;
      setProgress(0);
    },
  });
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
