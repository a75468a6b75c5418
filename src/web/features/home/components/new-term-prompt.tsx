import { CalendarClock } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { SemesterCheck } from '@shared/home';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useAnswerSemesterCheck } from '../api/answer-semester-check';

/**
 * "It's a new term: you are now in semester N?" (issue 34, decision 040), on the signed-in home
 * once per term. Confirm stores the semester; "Not right" records the answer and opens the
 * profile, where the class is corrected. Loaded only when the home answer asks (lazy chunk).
 */
export function NewTermPrompt({ check }: { check: SemesterCheck }) {
  const answer = useAnswerSemesterCheck();
  const navigate = useNavigate();
  const send = (choice: 'confirm' | 'not-right') =>
    answer.mutate(
      { answer: choice, term: check.term },
      {
        onSuccess: (saved) => (choice === 'confirm' ? toast.success(saved.message, { id: 'new-term' }) : void navigate(ROUTES.account)),
        // "Not right" opens the profile even when the answer could not be saved.
        onError: () => (choice === 'not-right' ? void navigate(ROUTES.account) : undefined),
      },
    );

  return (
    <section aria-labelledby="new-term-title" className="mt-6 rounded-xl border border-accent-400 bg-amber-50 px-4 py-3">
      <div className="sm:flex sm:items-center sm:gap-4">
        <CalendarClock aria-hidden="true" className="hidden size-6 shrink-0 text-brand-800 sm:block" />
        <h2 id="new-term-title" className="text-base font-semibold text-balance text-slate-900 sm:flex-1">
          {`It's a new term: you are now in semester ${check.semester}?`}
        </h2>
        <div className="mt-3 flex gap-3 sm:mt-0">
          <Button onClick={() => send('confirm')} disabled={answer.isPending}>
            Confirm
          </Button>
          <Button variant="secondary" onClick={() => send('not-right')} disabled={answer.isPending}>
            Not right
          </Button>
        </div>
      </div>
      {answer.isError && answer.variables?.answer === 'confirm' ? (
        <Alert tone="error" className="mt-3">
          {answer.error.message}
        </Alert>
      ) : null}
    </section>
  );
}
