import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type LoginRequest, type SessionUser } from '@shared/account';
import { loginResponseSchema, type TwoFactorLoginRequest } from '@shared/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { replaceSession } from '../../../lib/session';

/** POST /api/auth/login: opens a session (cookie) and answers with the user, or asks for a code. */
export function login(body: LoginRequest) {
  return apiRequest('/api/auth/login', loginResponseSchema, { method: 'POST', body });
}

/** POST /api/auth/login/two-factor: the second step, the app's code or a backup code. */
export function loginWithCode(body: TwoFactorLoginRequest) {
  return apiRequest('/api/auth/login/two-factor', meResponseSchema, { method: 'POST', body });
}

interface LoginCallbacks {
  /** `setupRequired`: the user's role must have two-factor sign-in and has none yet. */
  onLoggedIn: (user: SessionUser, setupRequired: boolean) => void;
  /** The password was right; a code from the authenticator app is asked for next. */
  onCodeRequired?: () => void;
}

/**
 * `onLoggedIn` (which navigates) runs in the same tick as the session update, so React renders
 * both at once and no route guard ever sees the new session on the old page, or the reverse.
 */
export function useLogin({ onLoggedIn, onCodeRequired }: LoginCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, twoFactorRequired, twoFactorSetupRequired }) => {
      if (twoFactorRequired) return onCodeRequired?.();
      if (!user) throw new Error('Login answered without a user');
      onLoggedIn(user, twoFactorSetupRequired === true);
      // Sent to set-up first: the form sets the session once /login's state names set-up.
      if (!twoFactorSetupRequired) replaceSession(queryClient, user);
    },
  });
}

export function useLoginWithCode({ onLoggedIn }: Pick<LoginCallbacks, 'onLoggedIn'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ user }) => {
      if (!user) throw new Error('Login answered without a user');
      onLoggedIn(user, false);
      replaceSession(queryClient, user);
    },
  });
}
