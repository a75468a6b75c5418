import { useMutation, useQuery } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { signInMethodsResponseSchema, type DeleteAccountRequest } from '@shared/account-settings';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/account: deletes the signed-in user's account (their password, or a recent provider sign-in, confirms it). */
export function deleteAccount(body: DeleteAccountRequest) {
  return apiRequest('/api/account', messageResponseSchema, { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/** GET /api/account/sign-in: whether the account has a password it can use (to change, or to confirm a deletion). */
export function useSignInMethods() {
  return useQuery({ queryKey: ['account', 'sign-in'], queryFn: () => apiRequest('/api/account/sign-in', signInMethodsResponseSchema) });
}
