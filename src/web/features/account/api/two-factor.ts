import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@shared/account';
import { twoFactorSetupSchema, twoFactorStatusSchema } from '@shared/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/query-keys';

const KEY = ['account', 'two-factor'] as const;

/** GET /api/account/two-factor: on or off, and whether the user's role must have it. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest('/api/account/two-factor', twoFactorStatusSchema) });
}

/** Starts set-up (password): the secret and the backup codes, shown once. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => apiRequest('/api/account/two-factor/enable', twoFactorSetupSchema, { method: 'POST', body: { password } }),
  });
}

/** Confirms set-up with a first code; turn off (password). Both renew this browser's session. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('/api/account/two-factor/confirm', messageResponseSchema, { method: 'POST', body: { code } }),
    // The session no longer owes the set-up (decision 055): the other pages open again.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: KEY }), queryClient.invalidateQueries({ queryKey: sessionKey })]),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('/api/account/two-factor/disable', messageResponseSchema, { method: 'POST', body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
