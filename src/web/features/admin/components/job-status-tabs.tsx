import type { ProcessingJobListResponse } from '@shared/search';
import { cn } from '../../../components/ui/cn';
import type { JobStatusFilter } from '../api/processing-jobs';

type Counts = ProcessingJobListResponse['counts'];

const TABS: { value: JobStatusFilter; label: string; count: (counts: Counts) => number }[] = [
  { value: undefined, label: 'All open', count: (c) => c.pending + c.running + c.failed },
  { value: 'pending', label: 'Pending', count: (c) => c.pending },
  { value: 'running', label: 'Running', count: (c) => c.running },
  { value: 'failed', label: 'Failed', count: (c) => c.failed },
];

interface JobStatusTabsProps {
  value: JobStatusFilter;
  counts: Counts | undefined;
  onChange: (status: JobStatusFilter) => void;
}

/** Pending, running and failed jobs, each tab with its count (done jobs are not listed). */
export function JobStatusTabs({ value, counts, onChange }: JobStatusTabsProps) {
  return (
    <div role="group" aria-label="Filter by status" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex">
      {TABS.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.label}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(tab.value)}
            className={cn(
              'inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors',
              selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:bg-white/60',
            )}
          >
            {tab.label}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700',
                tab.value === 'failed' && counts && counts.failed > 0 && !selected ? 'bg-red-100 text-red-800' : null,
              )}
            >
              {counts ? tab.count(counts).toLocaleString() : '…'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
