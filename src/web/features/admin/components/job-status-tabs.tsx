import type { ProcessingJobListResponse } from '@shared/processing';
import { CountTabs } from '../../../components/ui/count-tabs';
import type { JobStatusFilter } from '../api/processing-jobs';

type Counts = ProcessingJobListResponse['counts'];

const TABS: { value: JobStatusFilter; label: string; count: (counts: Counts) => number }[] = [
  { value: undefined, label: 'All open', count: (c) => c.pending + c.running + c.failed },
  { value: 'pending', label: 'Pending', count: (c) => c.pending },
  { value: 'running', label: 'Running', count: (c) => c.running },
  { value: 'failed', label: 'Failed', count: (c) => c.failed },
  { value: 'noted', label: 'With notes', count: (c) => c.noted },
];

interface JobStatusTabsProps {
  value: JobStatusFilter;
  counts: Counts | undefined;
  onChange: (status: JobStatusFilter) => void;
}

/** Pending, running and failed jobs, and done ones with a note, each tab with its count. */
export function JobStatusTabs({ value, counts, onChange }: JobStatusTabsProps) {
  const tabs = TABS.map((tab) => ({
    value: tab.value,
    label: tab.label,
    count: counts && tab.count(counts),
    alert: tab.value === 'failed',
  }));
  return <CountTabs label="Filter by status" tabs={tabs} value={value} onChange={onChange} />;
}
