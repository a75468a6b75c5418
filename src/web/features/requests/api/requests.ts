import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRequestResponseSchema,
  requestDecisionResponseSchema,
  requestListResponseSchema,
  requestQueueResponseSchema,
  type CreateRequest,
  type RequestStatus,
} from '@shared/request';
import { apiRequest } from '../../../lib/api-client';
import { requestKeys } from '../../../lib/query-keys';

/** POST /api/requests */
export function createRequest(body: CreateRequest) {
  return apiRequest('/api/requests', createRequestResponseSchema, { method: 'POST', body });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** GET /api/requests/mine */
export function useMyRequests() {
  return useQuery(
    queryOptions({
      queryKey: requestKeys.mine,
      queryFn: ({ signal }) => apiRequest('/api/requests/mine', requestListResponseSchema, { signal }),
    }),
  );
}

/** GET /api/requests/queue?status=&page= */
export function useRequestQueue(status: RequestStatus, page: number) {
  return useQuery(
    queryOptions({
      queryKey: requestKeys.queue(status, page),
      queryFn: ({ signal }) =>
        apiRequest(`/api/requests/queue?status=${status}&page=${page}`, requestQueueResponseSchema, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

type Decision = { id: string; kind: 'decline'; reason: string } | { id: string; kind: 'fulfil'; resourceId: string };

/** POST /api/requests/:id/decline or /fulfil (with an existing resource). */
export function decideRequest(decision: Decision) {
  const path = `/api/requests/${encodeURIComponent(decision.id)}/${decision.kind}`;
  const body = decision.kind === 'decline' ? { reason: decision.reason } : { resourceId: decision.resourceId };
  return apiRequest(path, requestDecisionResponseSchema, { method: 'POST', body });
}

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
