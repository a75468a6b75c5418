import { ChevronRight, ImageIcon } from 'lucide-react';
import { ISSUE_TYPES, labelOf, type Report } from '@shared/report';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { PriorityBadge, ReportStatusBadge, dateTimeFormat } from './report-badges';

interface ReportListProps {
  reports: Report[] | undefined;
  isPending: boolean;
  onOpen: (report: Report) => void;
}

/** The inbox rows: each a button that opens the report. */
export function ReportList({ reports, isPending, onOpen }: ReportListProps) {
  if (isPending) {
    return <ListSkeleton label="Loading reported issues" lineWidths={['w-56', 'w-40']} />;
  }
  if (!reports || reports.length === 0) {
    return <p className="px-5 py-12 text-center text-slate-600">No reported issues match these filters.</p>;
  }
  return (
    <ul aria-label="Reported issues" className="divide-y divide-slate-100">
      {reports.map((report) => (
        <li key={report.id}>
          <button
            type="button"
            onClick={() => onOpen(report)}
            className="flex w-full items-center gap-3 px-4 py-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5"
          >
            <span className="min-w-0 flex-1 space-y-1.5">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold break-words text-slate-900">{report.title}</span>
                {report.screenshot ? <ImageIcon aria-label="Has a screenshot" className="size-4 text-slate-500" /> : null}
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <ReportStatusBadge status={report.status} />
                <PriorityBadge priority={report.priority} />
                <span>{labelOf(ISSUE_TYPES, report.issueType)}</span>
                <span>{report.reporterName ?? 'Deleted account'}</span>
                <time dateTime={report.createdAt}>{dateTimeFormat.format(new Date(report.createdAt))}</time>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          </button>
        </li>
      ))}
    </ul>
  );
}
