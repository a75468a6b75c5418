import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import type { DeleteAccountRequest } from '@shared/account-settings';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/account: deletes the signed-in user's account (their password confirms it). */
export function deleteAccount(body: DeleteAccountRequest) {
  return apiRequest('/api/account', messageResponseSchema, { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
