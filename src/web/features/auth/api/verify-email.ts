import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verify-email: spends the token from the verification mail. */
export function verifyEmail(token: string) {
  return apiRequest('/api/auth/verify-email', messageResponseSchema, { method: 'POST', body: { token } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
