import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: mails a reset link if the address has an account. */
export function forgotPassword(email: string) {
  return apiRequest('/api/auth/forgot-password', messageResponseSchema, { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
