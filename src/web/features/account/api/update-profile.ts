import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponseSchema, type UpdateProfileInput } from '@shared/account-settings';
import { apiRequest } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/query-keys';

/** PATCH /api/account/profile: name, class and session; answers with the user as now saved. */
export function updateProfile(body: UpdateProfileInput) {
  return apiRequest('/api/account/profile', profileResponseSchema, { method: 'PATCH', body });
}

/**
 * The saved user replaces the cached session (the nav bar's name, the forms' default class);
 * everything else cached is marked stale, since lists may have been shaped by the old class.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionKey, { user });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
