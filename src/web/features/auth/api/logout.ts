import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutResponseSchema } from '@shared/sso';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';

/**
 * POST /api/auth/logout. A 401 means the session had already expired: that is a success too.
 * Answers where to sign out at the provider as well, after a provider sign-in (decision 055).
 */
export async function logout(): Promise<string | undefined> {
  try {
    return (await apiRequest('/api/auth/logout', logoutResponseSchema, { method: 'POST' })).endSessionUrl;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    return undefined;
  }
}

/**
 * Clears the cached session only once the server has ended it, so a failure leaves you signed
 * in. `onLoggedOut` (which navigates) runs in the same tick as the cache update: otherwise a
 * route guard would briefly see "signed out" on a login-required page and redirect on its own.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: (endSessionUrl) => {
      // The provider's sign-out page comes back to /login itself (a new page load, new session state).
      if (endSessionUrl) return window.location.assign(endSessionUrl);
      onLoggedOut();
      replaceSession(queryClient, null);
    },
  });
}
