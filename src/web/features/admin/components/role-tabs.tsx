import type { RoleCounts, RoleFilter } from '@shared/admin';
import { cn } from '../../../components/ui/cn';

const TABS: { value: RoleFilter; label: string; count: keyof RoleCounts }[] = [
  { value: 'ALL', label: 'All Users', count: 'all' },
  { value: 'ADMIN', label: 'Admin', count: 'admin' },
  { value: 'CR', label: 'CRs', count: 'cr' },
  { value: 'STUDENT', label: 'Students', count: 'student' },
];

interface RoleTabsProps {
  value: RoleFilter;
  counts: RoleCounts | undefined;
  onChange: (role: RoleFilter) => void;
}

/** SPEC.md §2 role tabs, each with its count under the current branch and search. */
export function RoleTabs({ value, counts, onChange }: RoleTabsProps) {
  return (
    <div role="group" aria-label="Filter by role" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex">
      {TABS.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
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
              )}
            >
              {counts ? counts[tab.count] : '…'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
