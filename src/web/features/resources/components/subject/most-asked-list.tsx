import { Repeat } from 'lucide-react';
import type { AskedQuestion } from '@shared/questions';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';

interface MostAskedListProps {
  questions: readonly AskedQuestion[];
  /** Opens the paper on the question's page with the question outlined. */
  onOpen: (occurrence: AskedQuestion['occurrences'][number]) => void;
}

/** "asked 4 times: 2019, 2021, 2023, 2024". */
export function askedLine({ count, years }: AskedQuestion['asked']): string {
  return `Asked ${count} times${years.length ? `: ${years.join(', ')}` : ''}`;
}

/** The subject's questions asked in two papers or more, most often first, each with the papers that asked it. */
export function MostAskedList({ questions, onOpen }: MostAskedListProps) {
  return (
    <ol className="mt-4 space-y-3" aria-label="Most asked questions">
      {questions.map((question) => (
        <li key={question.groupKey}>
          <Card className="p-4" data-testid="asked-question">
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
              <Repeat aria-hidden="true" className="size-4" />
              {askedLine(question.asked)}
              {question.marks !== null ? <Badge tone="neutral">{`${question.marks} marks`}</Badge> : null}
              {question.section ? <span className="font-normal text-slate-600">{question.section}</span> : null}
            </p>
            <p className="mt-2 line-clamp-4 text-base leading-relaxed text-slate-900">{question.text}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {question.occurrences.map((occurrence) => (
                <button
                  key={occurrence.questionId}
                  type="button"
                  onClick={() => onOpen(occurrence)}
                  className="min-h-10 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={`Open ${occurrence.label} of ${occurrence.title} on page ${occurrence.page}`}
                >
                  {`${occurrence.year ?? '—'} · ${occurrence.label}`}
                </button>
              ))}
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
