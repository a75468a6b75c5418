import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type LoginRequest, type SessionUser } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';

/** POST /api/auth/login: opens a session (cookie) and answers with the user. */
export function login(body: LoginRequest) {
  return apiRequest('/api/auth/login', meResponseSchema, { method: 'POST', body });
}

/**
 * `onLoggedIn` (which navigates) runs in the same tick as the session update, so React renders
 * both at once and no route guard ever sees the new session on the old page, or the reverse.
 */
export function useLogin({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      if (!user) throw new Error('Login answered without a user');
      onLoggedIn(user);
      replaceSession(queryClient, user);
    },
  });
}
