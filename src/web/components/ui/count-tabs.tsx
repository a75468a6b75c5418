import { cn } from './cn';

export interface CountTab<T> {
  value: T;
  label: string;
  /** Undefined while the counts load: shown as "…". */
  count: number | undefined;
  /** Draws the count in red when it is above zero and the tab is not selected (failures). */
  alert?: boolean;
}

interface CountTabsProps<T> {
  /** What the tabs filter by, for screen readers ("Filter by role"). */
  label: string;
  tabs: CountTab<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A row of toggle buttons, each with a count badge: two columns on phones, one row from `sm` up. */
export function CountTabs<T>({ label, tabs, value, onChange }: CountTabsProps<T>) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex">
      {tabs.map((tab) => {
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
                tab.alert && !selected && (tab.count ?? 0) > 0 ? 'bg-red-100 text-red-800' : null,
              )}
            >
              {tab.count === undefined ? '…' : tab.count.toLocaleString()}
            </span>
          </button>
        );
      })}
    </div>
  );
}
