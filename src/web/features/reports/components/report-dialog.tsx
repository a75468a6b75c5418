import type { ReactNode } from 'react';
import { ISSUE_TYPES, PRIORITIES, REPORT_STATUSES, labelOf, type Report, type ReportStatus } from '@shared/report';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog';
import { ReportStatusBadge, dateTimeFormat } from './report-badges';
import { formatSize } from '../../../lib/format-size';

interface ReportDialogProps {
  report: Report | null;
  /** The status being saved, while a change is in flight. */
  savingStatus: ReportStatus | null;
  onClose: () => void;
  onSetStatus: (report: Report, status: ReportStatus) => void;
}

/** The next steps offered from each status; an admin may still set any (reopen a resolved one). */
const ACTIONS: Record<ReportStatus, { status: ReportStatus; label: string }[]> = {
  open: [
    { status: 'in_progress', label: 'Mark In progress' },
    { status: 'resolved', label: 'Mark Resolved' },
  ],
  in_progress: [
    { status: 'open', label: 'Back to Open' },
    { status: 'resolved', label: 'Mark Resolved' },
  ],
  resolved: [{ status: 'open', label: 'Reopen' }],
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One report in full, its screenshot, and the buttons that move it through its statuses. */
export function ReportDialog({ report, savingStatus, onClose, onSetStatus }: ReportDialogProps) {
  const busy = savingStatus !== null;
  return (
    <Dialog
      open={report !== null}
      onClose={onClose}
      title={report?.title ?? ''}
      size="wide"
      className="sm:max-w-2xl"
      closeButton={<DialogCloseButton label="Close report" onClick={onClose} className="-mt-1 -mr-2 shrink-0" />}
      body={
        report ? (
          <div className="mt-4 space-y-5 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-slate-600">Status:</span>
              <ReportStatusBadge status={report.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              <Detail term="Type">{labelOf(ISSUE_TYPES, report.issueType)}</Detail>
              <Detail term="Priority">{labelOf(PRIORITIES, report.priority)}</Detail>
              <Detail term="Reporter">{report.reporterName ?? 'Deleted account'}</Detail>
              <Detail term="Contact e-mail">
                <a href={`mailto:${report.email}`} className="font-medium text-brand-700 underline underline-offset-2">
                  {report.email}
                </a>
              </Detail>
              <Detail term="Reported">{dateTimeFormat.format(new Date(report.createdAt))}</Detail>
              <Detail term="Last change">{dateTimeFormat.format(new Date(report.updatedAt))}</Detail>
            </dl>
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Description</h3>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{report.description}</p>
            </div>
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Screenshot</h3>
              {report.screenshot ? (
                <figure className="mt-2 space-y-1">
                  <a href={report.screenshot.url} target="_blank" rel="noreferrer" className="block w-fit">
                    <img
                      src={report.screenshot.url}
                      alt={`Screenshot attached to "${report.title}"`}
                      className="max-h-80 max-w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
                    />
                  </a>
                  <figcaption className="text-xs text-slate-600">{`${report.screenshot.type.replace('image/', '').toUpperCase()}, ${formatSize(report.screenshot.size, 2)} · opens full size in a new tab`}</figcaption>
                </figure>
              ) : (
                <p className="mt-1 text-slate-600">None attached.</p>
              )}
            </div>
          </div>
        ) : null
      }
    >
      <Button variant="secondary" onClick={onClose} className="w-full sm:mr-auto sm:w-auto">
        Close
      </Button>
      {report
        ? ACTIONS[report.status].map((action, index) => (
            <Button
              key={action.status}
              onClick={() => onSetStatus(report, action.status)}
              disabled={busy}
              // Stacked on a phone (bottom-up), the usual next step goes on top.
              className={index === 0 ? 'order-last w-full sm:order-none sm:w-auto' : 'w-full sm:w-auto'}
            >
              {savingStatus === action.status ? 'Saving...' : action.label}
            </Button>
          ))
        : null}
      <span className="sr-only" aria-live="polite">
        {report ? `Status: ${labelOf(REPORT_STATUSES, report.status)}` : ''}
      </span>
    </Dialog>
  );
}
