import type { AskedQuestion } from '@shared/questions';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useGroupQuestions } from '../api/group-questions';

type Occurrence = AskedQuestion['occurrences'][number];

const SEPARATE_FAILED = 'Could not separate that question. Please try again.';
const MERGE_FAILED = 'Could not group those questions. Please try again.';

/** A member of `group` from another paper than `occurrence`'s: the server pairs questions of two papers. */
export function partnerOf(group: AskedQuestion, resourceId: string): Occurrence | undefined {
  return group.occurrences.find((o) => o.resourceId !== resourceId);
}

/** "Q4 (2023)": how a toast names a paper's question. */
export function occurrenceName(o: Occurrence): string {
  return o.year === null ? o.label : `${o.label} (${o.year})`;
}

export function shortText(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * Grouping by hand on the subject page (CRs and admins): separate a paper's question from its
 * group, or merge a question into another's group, with a toast saying what happened.
 */
export function useQuestionGrouping(subject: string) {
  const mutation = useGroupQuestions(subject);

  const separate = (occurrence: Occurrence, group: AskedQuestion, onSettled: () => void) => {
    const partner = partnerOf(group, occurrence.resourceId);
    if (!partner) return onSettled();
    mutation.mutate(
      { questionId: occurrence.questionId, with: partner.questionId, same: false },
      {
        onSuccess: () => toast.success(`${occurrenceName(occurrence)} is now a question of its own`),
        onError: (error) => toast.error(errorMessage(error, SEPARATE_FAILED, [400, 403, 404])),
        onSettled,
      },
    );
  };

  const merge = (question: AskedQuestion, target: AskedQuestion, onSuccess: () => void) => {
    const own = question.occurrences[0];
    const partner = own && partnerOf(target, own.resourceId);
    if (!own || !partner) return;
    mutation.mutate(
      { questionId: own.questionId, with: partner.questionId, same: true },
      {
        onSuccess: () => {
          toast.success(`${occurrenceName(own)} now counts as “${shortText(target.text)}”`);
          onSuccess();
        },
        onError: (error) => toast.error(errorMessage(error, MERGE_FAILED, [400, 403, 404])),
      },
    );
  };

  return { pending: mutation.isPending, separate, merge };
}
