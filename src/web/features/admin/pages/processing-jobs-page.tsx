import { useSearchParams } from 'react-router';
import { can } from '@shared/permissions';
import { JOBS_PAGE_SIZE, processingJobListQuerySchema, type ProcessingJob } from '@shared/processing';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Pagination } from '../../../components/ui/pagination';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useProcessingJobs, useRetryJob, type JobStatusFilter } from '../api/processing-jobs';
import { AccessDenied } from '../components/access-denied';
import { AdminPageHeader } from '../components/admin-page-header';
import { JobItem } from '../components/job-item';
import { JobStatusTabs } from '../components/job-status-tabs';

const LOAD_FAILED = 'Could not load the processing jobs.';
const RETRY_FAILED = 'Could not retry that job.';

const EMPTY_TEXT: Record<NonNullable<JobStatusFilter> | 'open', string> = {
  open: 'Nothing waiting: every uploaded file has been processed.',
  pending: 'No jobs waiting to start.',
  running: 'No job is running right now.',
  failed: 'No failed jobs.',
  noted: 'No notes: OCR found text on every scanned page, and every file has its thumbnail.',
};

/** /dashboard/jobs: the processing queue (text, OCR, thumbnail, index), failures and their retry. */
export function ProcessingJobsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const parsed = processingJobListQuerySchema.safeParse(Object.fromEntries(params));
  const { status, page } = parsed.success ? parsed.data : { status: undefined, page: 1 };
  const jobs = useProcessingJobs(status, page);
  const retry = useRetryJob();

  if (!can(user?.role, 'manageProcessing') || (jobs.error instanceof ApiRequestError && jobs.error.status === 403)) {
    return <AccessDenied />;
  }

  const totalPages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / (jobs.data.pageSize || JOBS_PAGE_SIZE))) : 1;
  const show = (next: { status?: JobStatusFilter; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    if (nextStatus) search.set('status', nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const handleRetry = (job: ProcessingJob) => {
    retry.mutate(job.resourceId, {
      onSuccess: () => toast.success(`${job.originalName} is queued again`),
      onError: (error) => toast.error(errorMessage(error, RETRY_FAILED, [404, 409])),
    });
  };

  return (
    <Container className="space-y-6 py-10 sm:py-14">
      <AdminPageHeader title="Processing">
        Each upload is read page by page (OCR for scans), given a thumbnail and indexed for search. Failed files can be
          tried again; "With notes" lists finished files with a page OCR could not read or without a thumbnail.
      </AdminPageHeader>
      <Card aria-busy={jobs.isFetching}>
        <div className="border-b border-slate-200 p-4 sm:p-5">
          <JobStatusTabs value={status} counts={jobs.data?.counts} onChange={(next) => show({ status: next })} />
        </div>
        {jobs.isError ? (
          <Alert tone="error" className="m-4">
            <p>{errorMessage(jobs.error, LOAD_FAILED, [401])}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void jobs.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {jobs.isPending ? (
          <ListSkeleton label="Loading jobs" />
        ) : jobs.data?.jobs.length === 0 ? (
          <p className="px-5 py-12 text-center text-slate-600">{EMPTY_TEXT[status ?? 'open']}</p>
        ) : jobs.data ? (
          <ul className="divide-y divide-slate-100">
            {jobs.data.jobs.map((job) => (
              <JobItem
                key={job.resourceId}
                job={job}
                retrying={retry.isPending && retry.variables === job.resourceId}
                onRetry={handleRetry}
              />
            ))}
          </ul>
        ) : null}
      </Card>
      <Pagination page={page} totalPages={totalPages} onPageChange={(next) => show({ page: next })} label="Job pages" />
    </Container>
  );
}
