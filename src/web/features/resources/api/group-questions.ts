import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionGroupingResponseSchema, type QuestionGroupingRequest } from '@shared/questions';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/query-keys';

export interface GroupingChoice extends QuestionGroupingRequest {
  /** The question the choice is about: it joins `with`'s group, or leaves it. */
  questionId: string;
}

/** POST /api/questions/:id/grouping (CRs and admins): two questions are the same, or are not. */
export function groupQuestions({ questionId, ...choice }: GroupingChoice) {
  return apiRequest(`/api/questions/${encodeURIComponent(questionId)}/grouping`, questionGroupingResponseSchema, {
    method: 'POST',
    body: choice,
  });
}

export function useGroupQuestions(subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: groupQuestions,
    // The subject's counts change, and so does "asked in" on each paper's questions in the preview.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.subjectAll(subject) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.allQuestions }),
      ]),
  });
}
