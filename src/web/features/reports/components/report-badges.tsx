import { PRIORITIES, REPORT_STATUSES, labelOf, type Priority, type ReportStatus } from '@shared/report';
import { Badge } from '../../../components/ui/badge';

const STATUS_TONES = { open: 'blue', in_progress: 'orange', resolved: 'green' } as const;

/** Open (blue), In progress (orange), Resolved (green). */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{labelOf(REPORT_STATUSES, status)}</Badge>;
}

// Only the urgent ones draw the eye; low and medium stay quiet.
const PRIORITY_TONES = { low: 'neutral', medium: 'neutral', high: 'orange', critical: 'red' } as const;

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{`${labelOf(PRIORITIES, priority)} priority`}</Badge>;
}

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
