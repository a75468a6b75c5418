import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Resource } from '@shared/resource';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResource } from '../api/get-resource';

/**
 * /filter-resources?preview=id opens that resource's preview (links from /my-requests). Closing
 * the preview drops the parameter, so reloading the page does not open it again.
 */
export function useLinkedPreview(open: (resource: Resource) => void) {
  const [params, setParams] = useSearchParams();
  const id = params.get('preview');
  const linked = useResource(id);

  useEffect(() => {
    if (linked.data) open(linked.data.resource);
  }, [linked.data, open]);
  useEffect(() => {
    if (linked.isError) toast.error(errorMessage(linked.error, RESOURCE_MESSAGES.pdfLoadFailed, [404]), { id: 'preview' });
  }, [linked.isError, linked.error]);

  return {
    forget: () => {
      if (!params.has('preview')) return;
      const next = new URLSearchParams(params);
      next.delete('preview');
      setParams(next, { replace: true });
    },
  };
}
