import { useState } from 'react';
import { CLOSED_CORRECTIONS_SHOWN, CORRECTIONS_PAGE_MAX, CORRECTION_MESSAGES, replacesFile, type Correction } from '@shared/correction';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCorrections, useDecideCorrection, type CorrectionDecision } from '../api/corrections';
import { CorrectionCard } from './correction-card';
import { DecideCorrectionDialog, type PendingDecision } from './decide-correction-dialog';

/**
 * "Corrections" (issue 36): what students say is wrong with the class's resources (every class's
 * for admins), open ones first, then the recently closed with who decided. Accept applies it in
 * one step (a file kind asks for the replacement PDF) and mails the student; Dismiss asks why.
 */
export function CorrectionsList() {
  const open = useCorrections('open', CORRECTIONS_PAGE_MAX);
  const closed = useCorrections('closed', CLOSED_CORRECTIONS_SHOWN);
  const decide = useDecideCorrection();
  const [pending, setPending] = useState<PendingDecision | null>(null);

  const run = (correction: Correction, how: CorrectionDecision) => {
    const id = toast.loading('Saving...');
    decide.mutate(
      { id: correction.id, ...how },
      {
        onSuccess: (answer) => {
          setPending(null);
          toast.success(answer.message, { id });
        },
        onError: (error) => toast.error(errorMessage(error, CORRECTION_MESSAGES.loadFailed, [400, 403, 404, 409, 413, 422]), { id }),
      },
    );
  };
  const choose = (correction: Correction, decision: 'accept' | 'dismiss') => {
    // A label kind is applied at once; a file kind needs its PDF, a dismissal may say why.
    if (decision === 'accept' && !replacesFile(correction.kind)) run(correction, { decision: 'accept' });
    else setPending({ correction, decision });
  };
  const openList = open.data?.pages.flatMap((p) => p.corrections) ?? [];
  const closedList = closed.data?.pages.flatMap((p) => p.corrections) ?? [];

  return (
    <section id="corrections" aria-labelledby="corrections-heading" className="space-y-4">
      <h2 id="corrections-heading" className="text-xl font-semibold text-slate-900">
        Corrections
      </h2>
      {open.isError ? <RetryAlert message={errorMessage(open.error, CORRECTION_MESSAGES.loadFailed, [403])} onRetry={() => void open.refetch()} /> : null}
      {open.data && openList.length === 0 ? <Card className="p-6 text-center text-slate-700">No corrections to look at.</Card> : null}
      {openList.length ? (
        <ul className="space-y-3" aria-label="Open corrections">
          {openList.map((c) => (
            <li key={c.id}>
              <CorrectionCard correction={c} busy={decide.isPending} onDecide={(decision) => choose(c, decision)} />
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMore query={open} what="open corrections" />

      {closedList.length ? (
        <>
          <h3 className="pt-2 text-lg font-semibold text-slate-900">Recently closed</h3>
          <ul className="space-y-3" aria-label="Recently closed corrections">
            {closedList.map((c) => (
              <li key={c.id}>
                <CorrectionCard correction={c} busy={false} />
              </li>
            ))}
          </ul>
          <ShowMore query={closed} what="closed corrections" />
        </>
      ) : null}

      <DecideCorrectionDialog pending={pending} busy={decide.isPending} onCancel={() => setPending(null)} onConfirm={(how) => pending && run(pending.correction, how)} />
    </section>
  );
}

function ShowMore({ query, what }: { query: ReturnType<typeof useCorrections>; what: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-label={`Show more ${what}`}>
      {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
    </Button>
  );
}
