import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESOURCE_MESSAGES, type Resource } from '@shared/resource';
import { ROUTES } from '@shared/routes';
import { errorMessage } from '../../../lib/api-client';
import { loginStateFor } from '../../../lib/login-redirect';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { recordDownload } from '../api/record-download';
import { resourceKeys } from '../../../lib/query-keys';

/**
 * Download as SPEC.md §4 describes: signed-out users are sent to log in; otherwise the server
 * counts the download and names the file's address, which opens in a new tab (the server sends
 * it as an attachment under its original name).
 */
export function useDownload() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  return useCallback(
    async (resource: Resource) => {
      if (!user) {
        toast.error(RESOURCE_MESSAGES.loginToDownload);
        void navigate(ROUTES.login, { state: loginStateFor(location) });
        return;
      }
      const id = toast.loading(RESOURCE_MESSAGES.downloadStarting);
      try {
        const { url } = await recordDownload(resource.id);
        if (!url) {
          toast.error(RESOURCE_MESSAGES.downloadUrlFailed, { id });
          return;
        }
        const tab = window.open(url, '_blank');
        // A blocked pop-up must not cost the student the file: fetch it in this tab instead.
        if (!tab) window.location.assign(url);
        toast.success(RESOURCE_MESSAGES.downloadStarted, { id });
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all });
      } catch (error) {
        toast.error(errorMessage(error, RESOURCE_MESSAGES.downloadFailed, [401, 403, 404]), { id });
      }
    },
    [user, navigate, location, queryClient],
  );
}
