import { Check, X } from 'lucide-react';
import { semesterLabel } from '@shared/catalogue';
import { CORRECTION_MESSAGES, PROPOSED_FIELD, correctionKindLabel, type Correction } from '@shared/correction';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideCorrection, useOpenCorrections } from '../api/corrections';

/** The value a correction would replace, as the resource has it now. */
function currentValue(c: Correction): string | undefined {
  const field = PROPOSED_FIELD[c.kind as keyof typeof PROPOSED_FIELD];
  return field ? String(c.resource[field]) : undefined;
}

/**
 * "Corrections" (issue 36): what students say is wrong with the class's resources (every class's
 * for admins). Accept applies it in one step and mails the student; Dismiss closes it.
 */
export function CorrectionsList() {
  const corrections = useOpenCorrections();
  const decide = useDecideCorrection();
  const run = (correction: Correction, decision: 'accept' | 'dismiss') => {
    const id = toast.loading('Saving...');
    decide.mutate(
      { id: correction.id, decision },
      {
        onSuccess: (answer) => toast.success(answer.message, { id }),
        onError: (error) => toast.error(errorMessage(error, CORRECTION_MESSAGES.loadFailed, [400, 403, 404, 409]), { id }),
      },
    );
  };
  const list = corrections.data?.corrections ?? [];

  return (
    <section id="corrections" aria-labelledby="corrections-heading" className="space-y-4">
      <h2 id="corrections-heading" className="text-xl font-semibold text-slate-900">
        Corrections
      </h2>
      {corrections.isError ? <RetryAlert message={errorMessage(corrections.error, CORRECTION_MESSAGES.loadFailed, [403])} onRetry={() => void corrections.refetch()} /> : null}
      {corrections.data && list.length === 0 ? <Card className="p-6 text-center text-slate-700">No corrections to look at.</Card> : null}
      {list.length ? (
        <ul className="space-y-3" aria-label="Open corrections">
          {list.map((c) => {
            const now = currentValue(c);
            return (
              <li key={c.id}>
                <Card className="space-y-2 p-4" data-testid="correction-card">
                  <p className="font-semibold text-slate-900">{c.resource.title}</p>
                  <p className="text-sm text-slate-600">{`${c.resource.subject} · ${c.resource.branch.toUpperCase()} ${semesterLabel(c.resource.semester)} · ${c.resource.academicYear}`}</p>
                  <p className="text-sm text-slate-800">
                    <span className="font-medium">{correctionKindLabel(c.kind)}</span>
                    {c.proposed ? <span>{`: ${now ?? ''} → ${c.proposed}`}</span> : null}
                  </p>
                  {c.note ? <p className="text-sm break-words text-slate-700">{`“${c.note}”`}</p> : null}
                  <p className="text-xs text-slate-500">{`Suggested by ${c.suggestedByName ?? 'a former member'}`}</p>
                  <div className="flex flex-wrap gap-2 pt-1">
                    <Button onClick={() => run(c, 'accept')} disabled={decide.isPending} aria-label={`Accept the correction of ${c.resource.title}`}>
                      <Check aria-hidden="true" className="size-4" />
                      Accept
                    </Button>
                    <Button variant="secondary" onClick={() => run(c, 'dismiss')} disabled={decide.isPending} aria-label={`Dismiss the correction of ${c.resource.title}`}>
                      <X aria-hidden="true" className="size-4" />
                      Dismiss
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
