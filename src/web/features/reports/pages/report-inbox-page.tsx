import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { REPORT_MESSAGES, statusChangedMessage, type Report, type ReportStatus } from '@shared/report';
import { ROUTES } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Pagination } from '../../../components/ui/pagination';
import { TextLink } from '../../../components/ui/text-link';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReport } from '../api/get-report';
import { useReports } from '../api/list-reports';
import { useUpdateReportStatus } from '../api/update-report-status';
import { ReportDialog } from '../components/report-dialog';
import { ReportFilters } from '../components/report-filters';
import { ReportList } from '../components/report-list';
import { useReportFilters } from '../hooks/use-report-filters';

const isForbidden = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

/** /dashboard/reports (admins): every reported issue, filtered and paged, each opened in a dialog. */
export function ReportInboxPage() {
  const filters = useReportFilters();
  const reports = useReports(filters.query);
  const [opened, setOpened] = useState<Report | null>(null);
  const detail = useReport(opened?.id ?? null, opened ?? undefined);
  const updateStatus = useUpdateReportStatus();
  const { page } = filters.query;
  const totalPages = reports.data ? Math.max(1, Math.ceil(reports.data.total / reports.data.pageSize)) : 1;
  const { goToPage } = filters;

  // A status change can empty the last page of a filtered view: step back to the new last one.
  useEffect(() => {
    if (reports.data && !reports.isPlaceholderData && page > totalPages) goToPage(totalPages);
  }, [reports.data, reports.isPlaceholderData, page, totalPages, goToPage]);

  if (isForbidden(reports.error)) {
    return (
      <Container width="prose" className="py-16">
        <Alert tone="error">
          <p>{REPORT_MESSAGES.adminOnly}</p>
        </Alert>
      </Container>
    );
  }

  const handleSetStatus = (report: Report, status: ReportStatus) =>
    updateStatus.mutate(
      { id: report.id, status },
      {
        onSuccess: () => toast.success(statusChangedMessage(status), { id: 'report-status' }),
        onError: (error) => toast.error(errorMessage(error, REPORT_MESSAGES.statusFailed, [400, 403, 404]), { id: 'report-status' }),
      },
    );

  const shown = opened ? (detail.data?.report ?? opened) : null;

  return (
    <Container className="space-y-6 py-10 sm:py-14">
      <div>
        <TextLink to={ROUTES.dashboard} className="inline-flex items-center gap-1 text-sm">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </TextLink>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Reported Issues</h1>
        <p className="mt-2 text-slate-600">Problems and suggestions sent by users, newest first. Open one to see it in full and update its status.</p>
      </div>
      {reports.isError ? (
        <RetryAlert message={errorMessage(reports.error, REPORT_MESSAGES.loadInboxFailed, [400, 401])} onRetry={() => void reports.refetch()} />
      ) : null}
      <Card className="overflow-hidden" aria-busy={reports.isFetching}>
        <div className="space-y-3 border-b border-slate-200 p-4 sm:p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Reports</h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {reports.data ? `${reports.data.total.toLocaleString()} ${reports.data.total === 1 ? 'report' : 'reports'}` : ''}
            </p>
          </div>
          <ReportFilters query={filters.query} onChange={filters.change} />
        </div>
        <ReportList reports={reports.data?.reports} isPending={reports.isPending} onOpen={setOpened} />
        {totalPages > 1 ? (
          <div className="border-t border-slate-200 p-4">
            <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="Report pages" />
          </div>
        ) : null}
      </Card>
      <ReportDialog
        report={shown}
        savingStatus={updateStatus.isPending ? (updateStatus.variables?.status ?? null) : null}
        onClose={() => setOpened(null)}
        onSetStatus={handleSetStatus}
      />
    </Container>
  );
}
