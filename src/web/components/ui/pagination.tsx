import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from './cn';

/**
 * Page numbers to show: the first, the last and those within 2 of the current one, with a gap
 * marker between runs (SPEC.md §9). A gap that would hide a single page shows that page instead.
 */
export function pageItems(current: number, totalPages: number): (number | 'gap')[] {
  const shown = (page: number) => page === 1 || page === totalPages || Math.abs(page - current) <= 2;
  const items: (number | 'gap')[] = [];
  for (let page = 1; page <= totalPages; page++) {
    if (shown(page) || (shown(page - 1) && shown(page + 1) && page > 1 && page < totalPages)) items.push(page);
    else if (items[items.length - 1] !== 'gap') items.push('gap');
  }
  return items;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label: string;
  className?: string;
}

const itemClasses =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors';

export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1.5', className)}>
      <button
        type="button"
        className={cn(itemClasses, 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50')}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      {pageItems(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => onPageChange(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={cn(
              itemClasses,
              item === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(itemClasses, 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50')}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
