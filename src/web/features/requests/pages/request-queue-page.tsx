import { Ban, Link2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { semesterLabel } from '@shared/catalogue';
import { can } from '@shared/permissions';
import {
  REQUEST_MESSAGES,
  REQUEST_QUEUE_PAGE_SIZE,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
  type ResourceRequest,
} from '@shared/request';
import { fulfilRequestHref } from '@shared/routes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';
import { Pagination } from '../../../components/ui/pagination';
import { CardListSkeleton } from '../../../components/ui/card-list-skeleton';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDecideRequest, useRequestQueue } from '../api/requests';
import { CorrectionsList } from '../components/corrections-list';
import { DeclineDialog } from '../components/decline-dialog';
import { LinkResourceDialog } from '../components/link-resource-dialog';
import { RequestCard } from '../components/request-card';

const EMPTY: Record<RequestStatus, string> = {
  open: 'No open requests. When students ask for something, it shows up here.',
  fulfilled: 'No fulfilled requests yet.',
  declined: 'No declined requests.',
};

/** /request-queue (CR: their class; admin: every class): fulfil or decline what students asked for. */
export function RequestQueuePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const status = (REQUEST_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as RequestStatus) : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const queue = useRequestQueue(status, page);
  const decide = useDecideRequest();
  const [declining, setDeclining] = useState<ResourceRequest | null>(null);
  const [linking, setLinking] = useState<ResourceRequest | null>(null);

  const show = (next: { status?: RequestStatus; page?: number }) => {
    const query: Record<string, string> = {};
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'open') query.status = nextStatus;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  const run = (decision: Parameters<typeof decide.mutate>[0]) => {
    const id = toast.loading('Saving...');
    decide.mutate(decision, {
      onSuccess: (answer) => {
        toast.success(answer.message, { id });
        setDeclining(null);
        setLinking(null);
      },
      onError: (error) => toast.error(errorMessage(error, REQUEST_MESSAGES.actionFailed, [400, 403, 404, 409]), { id }),
    });
  };

  const scope = can(user?.role, 'handleAllRequests')
    ? 'Requests from every class, the most wanted first.'
    : `Requests from your class (${user?.branch.toUpperCase()} ${semesterLabel(user?.semester ?? 1)}), the most wanted first.`;
  const totalPages = queue.data ? Math.max(1, Math.ceil(queue.data.total / REQUEST_QUEUE_PAGE_SIZE)) : 1;
  // The last request of the last page was handled: step back to the page that now is the last.
  useEffect(() => {
    if (queue.data && page > totalPages) show({ page: totalPages });
  });

  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Request Queue</h1>
        <p className="mt-2 text-slate-600">{scope}</p>
      </div>
      <div role="group" aria-label="Filter by status" className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {REQUEST_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === status}
            onClick={() => show({ status: value })}
            className={cn(
              'min-h-10 rounded-md px-3 text-sm font-semibold transition-colors',
              value === status ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:bg-white/60',
            )}
          >
            {REQUEST_STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      {queue.isError ? (
        <RetryAlert message={errorMessage(queue.error, REQUEST_MESSAGES.loadFailed, [403])} onRetry={() => void queue.refetch()} />
      ) : null}
      {queue.isPending ? (
        <CardListSkeleton label="Loading requests" count={2} cardClassName="h-40" />
      ) : null}
      {queue.data && queue.data.requests.length === 0 ? (
        <Card className="p-8 text-center text-slate-700">{EMPTY[status]}</Card>
      ) : null}
      {queue.data && queue.data.requests.length > 0 ? (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {queue.data.total === 1 ? '1 request' : `${queue.data.total} requests`}
          </p>
          <ul className="space-y-4" aria-label={`${REQUEST_STATUS_LABELS[status]} requests`}>
            {queue.data.requests.map((request) => (
              <li key={request.id}>
                <RequestCard
                  request={request}
                  actions={
                    request.status === 'open' ? (
                      <>
                        <LinkButton to={fulfilRequestHref(request.id)} aria-label={`Upload to fulfil ${request.subject}`}>
                          <Upload aria-hidden="true" className="size-4" />
                          Upload
                        </LinkButton>
                        <Button variant="secondary" onClick={() => setLinking(request)} aria-label={`Link an existing resource to ${request.subject}`}>
                          <Link2 aria-hidden="true" className="size-4" />
                          Link existing
                        </Button>
                        <Button variant="secondary" onClick={() => setDeclining(request)} className="text-red-700" aria-label={`Decline ${request.subject}`}>
                          <Ban aria-hidden="true" className="size-4" />
                          Decline
                        </Button>
                      </>
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPageChange={(next) => show({ page: next })} label="Request pages" />
        </>
      ) : null}
      <CorrectionsList />
      <DeclineDialog
        request={declining}
        busy={decide.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={(reason) => declining && run({ id: declining.id, kind: 'decline', reason })}
      />
      <LinkResourceDialog
        request={linking}
        busy={decide.isPending}
        onCancel={() => setLinking(null)}
        onConfirm={(resourceId) => linking && run({ id: linking.id, kind: 'fulfil', resourceId })}
      />
    </Container>
  );
}
