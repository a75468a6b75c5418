import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { ISSUE_TYPES, REPORT_MESSAGES, labelOf, type Report } from '@shared/report';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useMyReports } from '../api/list-my-reports';
import { PriorityBadge, ReportStatusBadge, dateTimeFormat } from './report-badges';

function MyReportItem({ report }: { report: Report }) {
  return (
    <li className="space-y-2 px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{report.title}</h3>
        <ReportStatusBadge status={report.status} />
      </div>
      <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-slate-700">{report.description}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span>{labelOf(ISSUE_TYPES, report.issueType)}</span>
        <PriorityBadge priority={report.priority} />
        {report.screenshot ? (
          <span className="inline-flex items-center gap-1">
            <ImageIcon aria-hidden="true" className="size-4" />
            Screenshot
          </span>
        ) : null}
        <time dateTime={report.createdAt}>{dateTimeFormat.format(new Date(report.createdAt))}</time>
      </div>
    </li>
  );
}

/** "Your reports": the signed-in user's reports with their status, newest first. */
export function MyReports() {
  const [page, setPage] = useState(1);
  const reports = useMyReports(page);
  const totalPages = reports.data ? Math.max(1, Math.ceil(reports.data.total / reports.data.pageSize)) : 1;

  return (
    <section aria-labelledby="my-reports-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-reports-heading" className="text-xl font-semibold text-slate-900">
          Your reports
        </h2>
        {reports.data && reports.data.total > 0 ? (
          <p className="text-sm text-slate-600">{`${reports.data.total} ${reports.data.total === 1 ? 'report' : 'reports'}`}</p>
        ) : null}
      </div>
      {reports.isError ? (
        <RetryAlert message={errorMessage(reports.error, REPORT_MESSAGES.loadMineFailed, [401])} onRetry={() => void reports.refetch()} />
      ) : null}
      <Card aria-busy={reports.isFetching}>
        {reports.isPending ? (
          <ListSkeleton label="Loading your reports" rows={2} lineWidths={['w-48', 'w-full']} />
        ) : !reports.data || reports.data.reports.length === 0 ? (
          <p className="px-5 py-10 text-center text-slate-600">You have not reported any issues yet.</p>
        ) : (
          <ul aria-label="Your reports" className="divide-y divide-slate-100">
            {reports.data.reports.map((report) => (
              <MyReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </Card>
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Your report pages" />
    </section>
  );
}
