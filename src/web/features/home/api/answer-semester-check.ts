import { useMutation, useQueryClient } from '@tanstack/react-query';
import { semesterCheckAnswerResponseSchema, type SemesterCheckAnswer } from '@shared/semester-check';
import { apiRequest } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/query-keys';

/** POST /api/account/semester-check: the answer to the new term's question (decision 040). */
export function answerSemesterCheck(body: SemesterCheckAnswer) {
  return apiRequest('/api/account/semester-check', semesterCheckAnswerResponseSchema, { method: 'POST', body });
}

/**
 * The user as saved replaces the cached session (the home heading, the forms' default class);
 * everything else cached is stale, since the home and lists were shaped by the old semester.
 */
export function useAnswerSemesterCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSemesterCheck,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionKey, { user });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
