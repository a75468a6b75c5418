import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { PairPaper } from '@shared/near-duplicates';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecidePair, useNearDuplicates, type PairDecision } from '../api/near-duplicates';
import { NearDuplicatePairCard } from './near-duplicate-pair-card';

const LOAD_FAILED = 'Could not load the flagged papers.';
const DECIDE_FAILED = 'Could not do that. Please try again.';

/**
 * Papers flagged as nearly the same text (decision 047): keep one (a merge) or say they differ.
 * Like the admin-access requests, shown only while there is something to decide.
 */
export function NearDuplicatesPanel() {
  const pairs = useNearDuplicates();
  const decide = useDecidePair();
  // The merge waiting for a yes in the dialog.
  const [merging, setMerging] = useState<{ keep: PairPaper; drop: PairPaper } | null>(null);

  const run = (decision: PairDecision) =>
    decide.mutate(decision, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, DECIDE_FAILED, [400, 409])),
      onSettled: () => setMerging(null),
    });

  if (pairs.isError) {
    return (
      <Alert tone="error">
        <p>{errorMessage(pairs.error, LOAD_FAILED, [401])}</p>
      </Alert>
    );
  }
  const list = pairs.data?.pairs ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="near-duplicates-heading" className="space-y-4" aria-busy={pairs.isFetching}>
      <div>
        <h2 id="near-duplicates-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Copy aria-hidden="true" className="size-5 text-amber-700" />
          Near-duplicate papers ({list.length})
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Another scan or export of one paper. Keep one and the other goes; its downloads and shelf entries move to the one kept.
        </p>
      </div>
      {list.map((pair) => (
        <NearDuplicatePairCard
          key={pair.papers.map((paper) => paper.id).join(':')}
          pair={pair}
          busy={decide.isPending}
          onKeep={(keep, drop) => setMerging({ keep, drop })}
          onDismiss={() => run({ dismiss: { a: pair.papers[0]!.id, b: pair.papers[1]!.id } })}
        />
      ))}
      <ConfirmDialog
        open={merging !== null}
        title="Merge these papers?"
        description={
          merging ? `“${merging.drop.title}” will be deleted with its file. Its downloads and shelf entries move to “${merging.keep.title}”.` : null
        }
        confirmLabel="Merge"
        busyLabel="Merging..."
        busy={decide.isPending}
        tone="danger"
        onCancel={() => setMerging(null)}
        onConfirm={() => merging && run({ merge: { keep: merging.keep.id, drop: merging.drop.id } })}
      />
    </section>
  );
}
