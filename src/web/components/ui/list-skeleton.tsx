import { Skeleton } from './skeleton';

/** Placeholder rows of a list that is loading; `label` tells screen readers what is coming. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="space-y-2 px-5 py-4">
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-4 w-full" />
        </li>
      ))}
    </ul>
  );
}
