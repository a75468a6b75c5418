import { Skeleton } from './skeleton';

interface ListSkeletonProps {
  /** Tells screen readers what is coming. */
  label: string;
  rows?: number;
  /** The widths of a row's two lines, near those of the rows to come (a title, then details). */
  lineWidths?: readonly [string, string];
}

/** Placeholder rows of a list that is loading. */
export function ListSkeleton({ label, rows = 4, lineWidths = ['w-52', 'w-full'] }: ListSkeletonProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="space-y-2 px-5 py-4">
          <Skeleton className={`h-4 ${lineWidths[0]}`} />
          <Skeleton className={`h-4 ${lineWidths[1]}`} />
        </li>
      ))}
    </ul>
  );
}
