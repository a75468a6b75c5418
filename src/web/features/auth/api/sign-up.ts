import { useMutation } from '@tanstack/react-query';
import { signUpResponseSchema } from '@shared/account';
import type { SignUpRequest } from '@shared/sign-up';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/sign-up: creates the account and mails a verification link (no session yet). */
export function signUp(body: SignUpRequest) {
  return apiRequest('/api/auth/sign-up', signUpResponseSchema, { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
