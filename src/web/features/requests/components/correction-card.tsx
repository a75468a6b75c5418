import { CircleCheck, X } from 'lucide-react';
import { semesterLabel } from '@shared/catalogue';
import { PROPOSED_FIELD, correctionKindLabel, type Correction } from '@shared/correction';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** The value a correction would replace, as the resource has it now. */
function currentValue(c: Correction): string | undefined {
  const field = PROPOSED_FIELD[c.kind as keyof typeof PROPOSED_FIELD];
  return field ? String(c.resource[field]) : undefined;
}

interface CorrectionCardProps {
  correction: Correction;
  busy: boolean;
  /** Left out for a closed one: it shows who decided instead of the buttons. */
  onDecide?: (decision: 'accept' | 'dismiss') => void;
}

/** One suggested correction: the resource, what is wrong, the note, and Accept/Dismiss or who decided. */
export function CorrectionCard({ correction: c, busy, onDecide }: CorrectionCardProps) {
  const now = currentValue(c);
  return (
    <Card className="space-y-2 p-4" data-testid={onDecide ? 'correction-card' : 'closed-correction-card'}>
      <p className="font-semibold break-words text-slate-900">{c.resource.title}</p>
      <p className="text-sm text-slate-600">{`${c.resource.subject} · ${c.resource.branch.toUpperCase()} ${semesterLabel(c.resource.semester)} · ${c.resource.academicYear}`}</p>
      <p className="text-sm text-slate-800">
        <span className="font-medium">{correctionKindLabel(c.kind)}</span>
        {c.proposed ? <span>{onDecide ? `: ${now ?? ''} → ${c.proposed}` : `: ${c.proposed}`}</span> : null}
      </p>
      {c.note ? <p className="text-sm break-words text-slate-700">{`“${c.note}”`}</p> : null}
      <p className="text-xs text-slate-500">{`Suggested by ${c.suggestedByName ?? 'a former member'}`}</p>
      {onDecide ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button onClick={() => onDecide('accept')} disabled={busy} aria-label={`Accept the correction of ${c.resource.title}`}>
            <CircleCheck aria-hidden="true" className="size-4" />
            Accept
          </Button>
          <Button variant="secondary" onClick={() => onDecide('dismiss')} disabled={busy} aria-label={`Dismiss the correction of ${c.resource.title}`}>
            <X aria-hidden="true" className="size-4" />
            Dismiss
          </Button>
        </div>
      ) : (
        <p className="text-sm break-words text-slate-700">
          <span className={c.status === 'accepted' ? 'font-medium text-green-800' : 'font-medium text-slate-800'}>
            {`${c.status === 'accepted' ? 'Accepted' : 'Dismissed'} by ${c.decidedByName ?? 'someone'}`}
          </span>
          {c.decidedAt ? ` on ${dateFormat.format(new Date(c.decidedAt))}` : null}
          {c.decisionReason ? `: “${c.decisionReason}”` : null}
        </p>
      )}
    </Card>
  );
}
