import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import type { ChangePasswordRequest } from '@shared/account-settings';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/account/password. The answer renews this browser's session cookie; every other
 * session of the account has ended.
 */
export function changePassword(body: ChangePasswordRequest) {
  return apiRequest('/api/account/password', messageResponseSchema, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
