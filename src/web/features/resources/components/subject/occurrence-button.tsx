import type { AskedQuestion } from '@shared/questions';

type Occurrence = AskedQuestion['occurrences'][number];

/** "2023 · Q1(b)": opens that paper on the question's page with the question outlined. */
export function OccurrenceButton({ occurrence, onOpen }: { occurrence: Occurrence; onOpen: (occurrence: Occurrence) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(occurrence)}
      className="min-h-10 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label={`Open ${occurrence.label} of ${occurrence.title} on page ${occurrence.page}`}
    >
      {`${occurrence.year ?? '—'} · ${occurrence.label}`}
    </button>
  );
}
