import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';

/** POST /api/auth/logout. A 401 means the session had already expired: that is a success too. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/api/auth/logout', messageResponseSchema, { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
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
    onSuccess: () => {
      onLoggedOut();
      replaceSession(queryClient, null);
    },
  });
}
