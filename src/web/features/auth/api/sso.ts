import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema } from '@shared/account';
import { ssoStartResponseSchema, type FinishProfileRequest } from '@shared/sso';
import { apiRequest } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';

/**
 * POST /api/auth/sso/:provider, then off to the provider's login page. It comes back through
 * /api/auth/callback/:provider to home, /finish-profile, or /login?error=<code>.
 */
export function useStartSso() {
  return useMutation({
    mutationFn: (providerId: string) =>
      apiRequest(`/api/auth/sso/${encodeURIComponent(providerId)}`, ssoStartResponseSchema, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/auth/finish-profile: the fields the provider did not give; the library opens after. */
export function useFinishProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinishProfileRequest) => apiRequest('/api/auth/finish-profile', meResponseSchema, { method: 'POST', body }),
    onSuccess: ({ user }) => replaceSession(queryClient, user),
  });
}
