import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/request';
import { Badge } from '../../../components/ui/badge';

const TONES = { open: 'blue', fulfilled: 'green', declined: 'neutral' } as const;

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={TONES[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}
