import { Repeat, Unlink } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AskedQuestion } from '@shared/questions';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { OccurrenceButton } from './occurrence-button';

type Occurrence = AskedQuestion['occurrences'][number];

interface MostAskedListProps {
  questions: readonly AskedQuestion[];
  /** Opens the paper on the question's page with the question outlined. */
  onOpen: (occurrence: Occurrence) => void;
  /** For users who may group questions: asks to take a paper's question out of its group. */
  onSeparate?: (occurrence: Occurrence, question: AskedQuestion) => void;
  /** A grouping is being saved: the grouping buttons wait. */
  pending?: boolean;
}

/** Questions shown before "Show all": on a phone the papers come after the list. */
export const FIRST_SHOWN = 10;

/** "asked 4 times: 2019, 2021, 2023, 2024". */
export function askedLine({ count, years }: AskedQuestion['asked']): string {
  return `Asked ${count} times${years.length ? `: ${years.join(', ')}` : ''}`;
}

/** The subject's questions asked in two papers or more, most often first, each with the papers that asked it. */
export function MostAskedList({ questions, onOpen, onSeparate, pending = false }: MostAskedListProps) {
  const [all, setAll] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const shown = all ? questions : questions.slice(0, FIRST_SHOWN);
  const showAll = () => {
    setAll(true);
    // The button goes away: the keyboard continues at the first question it revealed.
    requestAnimationFrame(() => list.current?.children[FIRST_SHOWN]?.querySelector('button')?.focus());
  };
  return (
    <>
      <ol ref={list} className="mt-4 space-y-3" aria-label="Most asked questions">
        {shown.map((question) => (
          <li key={question.groupKey}>
            <Card className="p-4" data-testid="asked-question">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
                <Repeat aria-hidden="true" className="size-4" />
                {askedLine(question.asked)}
                {question.marks !== null ? <Badge tone="neutral">{`${question.marks} marks`}</Badge> : null}
                {question.section ? <span className="font-normal text-slate-600">{question.section}</span> : null}
              </p>
              <p className="mt-2 line-clamp-4 text-base leading-relaxed text-slate-900">{question.text}</p>
              {onSeparate ? (
                <ul className="mt-3 space-y-2" aria-label="Papers that asked it">
                  {question.occurrences.map((occurrence) => (
                    <li key={occurrence.questionId} className="flex flex-wrap items-center gap-2">
                      <OccurrenceButton occurrence={occurrence} onOpen={onOpen} />
                      <button
                        type="button"
                        onClick={() => onSeparate(occurrence, question)}
                        disabled={pending}
                        aria-label={`Not the same question: ${occurrence.label} of ${occurrence.title}`}
                        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
                      >
                        <Unlink aria-hidden="true" className="size-4" />
                        Not the same question
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="mt-3 flex flex-wrap gap-2">
                  {question.occurrences.map((occurrence) => (
                    <OccurrenceButton key={occurrence.questionId} occurrence={occurrence} onOpen={onOpen} />
                  ))}
                </div>
              )}
            </Card>
          </li>
        ))}
      </ol>
      {shown.length < questions.length ? (
        <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={showAll}>
          {`Show all ${questions.length} questions asked more than once`}
        </Button>
      ) : null}
    </>
  );
}
