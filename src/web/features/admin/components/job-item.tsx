import { RotateCcw } from 'lucide-react';
import type { ProcessingJob, ProcessingStatus } from '@shared/processing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

const STATUS: Record<ProcessingStatus, { label: string; tone: 'neutral' | 'blue' | 'green' | 'red' }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  running: { label: 'Running', tone: 'blue' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface JobItemProps {
  job: ProcessingJob;
  retrying: boolean;
  onRetry: (job: ProcessingJob) => void;
}

/** One job: which file, how far it got, how often it was tried, why it failed or what it noted. */
export function JobItem({ job, retrying, onRetry }: JobItemProps) {
  const status = STATUS[job.status];
  const pages = (n: number) => (n === 1 ? 'page' : 'pages');
  const progress = job.pageCount > 0 ? `${job.pagesDone} of ${job.pageCount} ${pages(job.pageCount)}` : `${job.pagesDone} ${pages(job.pagesDone)}`;
  return (
    <li className="px-4 py-4 sm:px-5" data-testid="processing-job">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <h2 className="font-semibold break-words text-slate-900">{job.subject}</h2>
          </div>
          <p className="mt-1 text-sm break-all text-slate-700" title={job.fileName}>
            {job.originalName}
          </p>
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Pages:</dt>
              <dd className="tabular-nums">{progress}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Attempts:</dt>
              <dd className="tabular-nums">{job.attempts}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Updated:</dt>
              <dd>
                <time dateTime={job.updatedAt}>{timeFormat.format(new Date(job.updatedAt))}</time>
              </dd>
            </div>
          </dl>
          {job.lastError && job.status !== 'failed' ? (
            <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm break-words text-amber-900" data-testid="job-note">
              <span className="font-semibold">Note: </span>
              {job.lastError}
            </p>
          ) : job.lastError ? (
            <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
              <span className="font-semibold">Reason: </span>
              {job.lastError}
            </p>
          ) : null}
        </div>
        {job.status === 'failed' ? (
          <Button
            variant="secondary"
            onClick={() => onRetry(job)}
            disabled={retrying}
            aria-label={`Retry ${job.originalName}`}
            className="self-start"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {retrying ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
