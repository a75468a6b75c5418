import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { meResponseSchema, type SessionUser } from '@shared/account';
import { apiRequest } from './api-client';
import { sessionKey } from './query-keys';

/*
 * The session lives in lib/ rather than in features/auth because every feature needs to know
 * who is signed in (route guards, the nav bar, admin-only controls), and features never import
 * each other. Login and logout (features/auth) write to this cache through the helpers below.
 */

/** GET /api/auth/me: the signed-in user, or null when there is no session. */
export function getSession(signal?: AbortSignal) {
  return apiRequest('/api/auth/me', meResponseSchema, { signal });
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => getSession(signal),
    // Checked once at start-up (SPEC.md §4); login and logout replace the cached value.
    staleTime: Infinity,
  });

export interface SessionState {
  /** True until the first answer (or failure) of the start-up check. */
  isPending: boolean;
  user: SessionUser | null;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions());
  // A failed check counts as signed out (SPEC.md §8: "other errors ... return nothing").
  return { isPending, user: data?.user ?? null };
}

/**
 * Puts the new session in the cache and drops every other cached answer: it may have been
 * shaped for the previous user (admin-only fields, their own requests).
 */
export function replaceSession(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData(sessionKey, { user });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}
