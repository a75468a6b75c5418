import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/resend-verification. Always answers with the same sentence, so nobody can
 * learn from it which addresses have accounts.
 */
export function resendVerification(email: string) {
  return apiRequest('/api/auth/resend-verification', messageResponseSchema, { method: 'POST', body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
