import { FilePlus2, Search, SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { RESOURCE_MESSAGES, type Resource, type ResourceListResponse } from '@shared/resource';
import { requestResourceHref, ROUTES, type RequestPrefill } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { LinkButton } from '../../../components/ui/link-button';
import { useShelfIds } from '../../../lib/shelf';
import { useShelfToggle } from '../../../lib/shelf-toggle';
import { formatCount } from '../utils/labels';
import { ResourceCard } from './resource-card';

interface ResourceResultsProps {
  data: ResourceListResponse | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The search words, if any: the empty state answers them. */
  searched: string;
  /** When the filters left nothing: how many resources the words find with every field Any. */
  widerTotal?: number;
  /**
   * The class and year being looked at: "Request this resource" starts from them, and with a
   * branch and a semester set the cards leave the class out (it would be the same on each).
   */
  prefill?: RequestPrefill;
  /** Where the list looked, as the cards name it ("CSE · sem4 · PYQ"); empty for the whole library. */
  lookedIn?: string;
  signedIn: boolean;
  canDelete: boolean;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onPreview: (resource: Resource) => void;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  canEditAll?: boolean;
  onEditTitle?: (resource: Resource) => void;
}

/** "Found Resources": loading, error, empty and result states, and the page buttons. */
export function ResourceResults({ data, isPending, isError, isFetching, searched, widerTotal, prefill, lookedIn, onRetry, onPageChange, ...card }: ResourceResultsProps) {
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Asked once for the whole list (see SaveToggle). Deferred: its answer re-renders the cards
  // whose Save toggle changes as a transition, not in the urgent update that brings it.
  const saved = useDeferredValue(useShelfIds().ids);
  const { toggle } = useShelfToggle();
  const oneClass = Boolean(prefill?.branch && prefill.semester);
  return (
    <section aria-labelledby="found-resources" aria-busy={isFetching} className="mt-6 sm:mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="found-resources" className="text-2xl font-bold tracking-tight text-slate-900">
          Found Resources
        </h2>
        {data ? (
          <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
            {data.total === 0
              ? 'No matches'
              : `${RESOURCE_MESSAGES.found(data.total)}${totalPages > 1 ? ` · page ${data.page} of ${totalPages}` : ''}`}
          </p>
        ) : null}
      </div>

      {isPending ? (
        <ul aria-label="Loading resources" className="mt-3 grid gap-4 sm:mt-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-64 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : isError && !data ? (
        <Alert tone="error" className="mt-6">
          <div className="flex flex-wrap items-center gap-3">
            <span>{RESOURCE_MESSAGES.filterFailed}</span>
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : data && data.resources.length === 0 ? (
        <div
          className={`mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center transition-opacity ${isFetching ? 'opacity-60' : ''}`}
        >
          <SearchX aria-hidden="true" className="size-10 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900">{RESOURCE_MESSAGES.noneFound}</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            {searched
              ? `No subject, file name or page matches “${searched}” ${lookedIn ? `in ${lookedIn}` : 'in the whole library'}. Check the spelling, try another word or an abbreviation (DSA, OS)${lookedIn ? ', or set a field to Any' : ''}.`
              : `Nothing ${lookedIn ? `in ${lookedIn} ` : ''}yet. Try setting a field to Any, or search for a word. If it is not in the library yet, ask for it.`}
            {data.stillBeingRead ? ` ${formatCount(data.stillBeingRead, 'paper', 'papers')} still being read: try again soon.` : ''}
          </p>
          {widerTotal ? (
            <LinkButton to={`${ROUTES.filterResources}?${new URLSearchParams({ q: searched })}`} variant="accent" className="mt-4">
              <Search aria-hidden="true" className="size-4" />
              {`See ${formatCount(widerTotal, 'match', 'matches')} in the whole library`}
            </LinkButton>
          ) : null}
          <LinkButton to={requestResourceHref({ ...prefill, subject: searched || undefined })} variant={widerTotal ? 'secondary' : undefined} className="mt-4">
            <FilePlus2 aria-hidden="true" className="size-4" />
            Request this resource
          </LinkButton>
          <p className="mt-2 text-xs text-slate-600">Your class's CRs see the request; you get an e-mail when it is added.</p>
        </div>
      ) : data ? (
        <>
          <ul className={`mt-3 grid gap-4 transition-opacity sm:mt-6 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`}>
            {data.resources.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} saved={saved.has(resource.id)} onToggleSaved={toggle} withoutClass={oneClass} {...card} />
              </li>
            ))}
          </ul>
          <Pagination className="mt-8" page={data.page} totalPages={totalPages} onPageChange={onPageChange} label="Result pages" />
        </>
      ) : null}
    </section>
  );
}
