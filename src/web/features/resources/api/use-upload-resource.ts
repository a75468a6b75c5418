import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadFields } from '@shared/resource';
import { RESOURCES_QUERY_KEY } from './list-resources';
import { uploadResource } from './upload-resource';

/** The upload as a mutation, with the percentage of bytes sent; back to 0 when it ends. */
export function useUploadResource() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ fields, file }: { fields: UploadFields; file: File }) => {
      setProgress(0);
      return uploadResource(fields, file, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESOURCES_QUERY_KEY }),
    onSettled: () => setProgress(0),
  });
  return { ...mutation, progress };
}
