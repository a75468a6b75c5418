import { Merge } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AskedQuestion } from '@shared/questions';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { OccurrenceButton } from './occurrence-button';
import { SameAsForm } from './same-as-form';

type Occurrence = AskedQuestion['occurrences'][number];

interface AskedOnceListProps {
  questions: readonly AskedQuestion[];
  /** "Most asked", the groups a question can join. */
  groups: readonly AskedQuestion[];
  pending: boolean;
  onOpen: (occurrence: Occurrence) => void;
  /** Groups `question` with `target`; `done` runs once it is saved. */
  onMerge: (question: AskedQuestion, target: AskedQuestion, done: () => void) => void;
}

/**
 * For CRs and admins: the questions only one paper asks, folded away until opened, each with
 * "Same as..." to group it with the question it repeats when the engine missed it.
 */
export function AskedOnceList({ questions, groups, pending, onOpen, onMerge }: AskedOnceListProps) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const close = (groupKey: string) => {
    setEditing(null);
    // Back to the card's own button, so the keyboard does not fall to the top of the page.
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-same-as="${CSS.escape(groupKey)}"]`)?.focus());
  };

  return (
    <section aria-labelledby="asked-once" className="mt-8">
      <h2 id="asked-once" className="text-xl font-semibold text-slate-900">Asked once</h2>
      <p className="mt-1 text-sm text-slate-700">
        Only CRs and admins see these. When papers word a question differently, group it with the question it repeats.
      </p>
      <details className="mt-3" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="min-h-10 cursor-pointer rounded-lg py-2 font-medium text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
          {`Show ${questions.length} ${questions.length === 1 ? 'question' : 'questions'} asked once`}
        </summary>
        {open ? (
          <ol ref={list} className="mt-2 space-y-3" aria-label="Questions asked once">
            {questions.map((question) => {
              const occurrence = question.occurrences[0];
              return (
                <li key={question.groupKey}>
                  <Card className="p-4" data-testid="once-question">
                    <p className="line-clamp-3 text-base leading-relaxed text-slate-900">{question.text}</p>
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      {occurrence ? <OccurrenceButton occurrence={occurrence} onOpen={onOpen} /> : null}
                      {question.marks !== null ? <Badge tone="neutral">{`${question.marks} marks`}</Badge> : null}
                      {editing !== question.groupKey ? (
                        <button
                          type="button"
                          data-same-as={question.groupKey}
                          onClick={() => setEditing(question.groupKey)}
                          disabled={pending}
                          aria-label={`Same as another question: ${occurrence?.label ?? ''} of ${occurrence?.title ?? ''}`}
                          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
                        >
                          <Merge aria-hidden="true" className="size-4" />
                          Same as...
                        </button>
                      ) : null}
                    </div>
                    {editing === question.groupKey ? (
                      <SameAsForm
                        question={question}
                        groups={groups}
                        others={questions}
                        pending={pending}
                        onMerge={(target) => onMerge(question, target, () => setEditing(null))}
                        onCancel={() => close(question.groupKey)}
                      />
                    ) : null}
                  </Card>
                </li>
              );
            })}
          </ol>
        ) : null}
      </details>
    </section>
  );
}
