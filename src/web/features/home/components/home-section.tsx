import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { TILE_HEIGHT } from './paper-tile';

interface HomeSectionProps {
  id: string;
  title: string;
  /** A link beside the heading ("See all"). */
  action?: ReactNode;
  loading: boolean;
  /** Shown when loaded with nothing to list. */
  empty: ReactNode;
  items: ReactNode[];
}

/** A titled list of tiles with its loading placeholders (the tiles' size) and empty text. */
export function HomeSection({ id, title, action, loading, empty, items }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {loading ? (
        <ul aria-label={`Loading ${title.toLowerCase()}`} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Skeleton className="w-full rounded-xl" style={{ height: TILE_HEIGHT }} />
            </li>
          ))}
        </ul>
      ) : items.length ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm text-slate-600">{empty}</div>
      )}
    </section>
  );
}
