import { useEffect, useId, useRef, useState } from 'react';
import type { AskedQuestion } from '@shared/questions';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { partnerOf, shortText } from '../../hooks/use-question-grouping';

interface SameAsFormProps {
  /** A question asked once, to group with another. */
  question: AskedQuestion;
  groups: readonly AskedQuestion[];
  others: readonly AskedQuestion[];
  pending: boolean;
  onMerge: (target: AskedQuestion) => void;
  onCancel: () => void;
}

/** "Same question as": a native select of the most asked questions (and the others asked once), then Group. */
export function SameAsForm({ question, groups, others, pending, onMerge, onCancel }: SameAsFormProps) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [key, setKey] = useState('');
  const resourceId = question.occurrences[0]?.resourceId ?? '';
  // The server pairs questions of two papers: a group only this paper asks is no choice.
  const fits = (q: AskedQuestion) => q.groupKey !== question.groupKey && partnerOf(q, resourceId) !== undefined;
  const groupChoices = groups.filter(fits);
  const onceChoices = others.filter(fits);
  const target = groupChoices.find((q) => q.groupKey === key) ?? onceChoices.find((q) => q.groupKey === key);

  useEffect(() => select.current?.focus(), []);

  if (!groupChoices.length && !onceChoices.length) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <p>No question of another paper to group it with yet.</p>
        <Button variant="secondary" onClick={onCancel}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (target) onMerge(target);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Same question as
      </label>
      <Select id={id} ref={select} value={key} onChange={(e) => setKey(e.target.value)} placeholder="Pick the question it repeats">
        {groupChoices.length ? (
          <optgroup label="Most asked">
            {groupChoices.map((q) => (
              <option key={q.groupKey} value={q.groupKey}>{`${q.asked.count}× · ${shortText(q.text, 80)}`}</option>
            ))}
          </optgroup>
        ) : null}
        {onceChoices.length ? (
          <optgroup label="Asked once">
            {onceChoices.map((q) => (
              <option key={q.groupKey} value={q.groupKey}>{`${q.occurrences[0]?.year ?? '—'} ${q.occurrences[0]?.label ?? ''} · ${shortText(q.text, 70)}`}</option>
            ))}
          </optgroup>
        ) : null}
      </Select>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!target || pending}>
          {pending ? 'Grouping...' : 'Group them'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
