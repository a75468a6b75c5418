import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Branch } from '@shared/catalogue';
import { filterResourcesHref } from '@shared/routes';
import { cardClasses } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

/** The whole card is one link, so the touch target is large on phones. */
export function BranchCard({ branch }: { branch: Branch }) {
  return (
    <Link
      to={filterResourcesHref(branch.id)}
      className={cn(
        cardClasses,
        'group flex h-full flex-col p-6 transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0',
      )}
    >
      <span className="text-3xl font-extrabold tracking-tight text-brand-800">{branch.shortName}</span>
      <h2 className="mt-1 text-lg font-semibold text-slate-900">{branch.name}</h2>
      <p className="mt-3 flex-1 text-slate-600">{branch.description}</p>
      <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
        View resources
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
      </span>
    </Link>
  );
}
