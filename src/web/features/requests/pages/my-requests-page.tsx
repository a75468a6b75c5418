import { Plus } from 'lucide-react';
import { REQUEST_MESSAGES } from '@shared/request';
import { ROUTES } from '@shared/routes';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';
import { CardListSkeleton } from '../../../components/ui/card-list-skeleton';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useMyRequests } from '../api/requests';
import { RequestCard } from '../components/request-card';

/** /my-requests: what the student asked for or supports, and how each ended. */
export function MyRequestsPage() {
  const requests = useMyRequests();
  const list = requests.data?.requests;

  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My Requests</h1>
          <p className="mt-2 text-slate-600">Resources you asked for or support. You get an e-mail when one is added or declined.</p>
        </div>
        <LinkButton to={ROUTES.requestResources}>
          <Plus aria-hidden="true" className="size-4" />
          New request
        </LinkButton>
      </div>
      {requests.isError ? (
        <RetryAlert message={errorMessage(requests.error, REQUEST_MESSAGES.loadFailed, [])} onRetry={() => void requests.refetch()} />
      ) : null}
      {requests.isPending ? (
        <CardListSkeleton label="Loading your requests" count={2} cardClassName="h-36" />
      ) : null}
      {list && list.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="text-lg font-medium text-slate-900">You have not requested anything yet.</p>
          <p className="mt-2 text-slate-600">Missing notes or a previous-year paper? Ask your class's CRs for it.</p>
        </Card>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="space-y-4" aria-label="Your requests">
          {list.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      ) : null}
    </Container>
  );
}
