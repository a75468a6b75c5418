import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/reset-password: sets the new password with the token from the mail. */
export function resetPassword(body: ResetPasswordInput) {
  return apiRequest('/api/auth/reset-password', messageResponseSchema, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
