import type { RoleCounts, RoleFilter } from '@shared/admin';
import { CountTabs } from '../../../components/ui/count-tabs';

const TABS: { value: RoleFilter; label: string; count: keyof RoleCounts }[] = [
  { value: 'ALL', label: 'All Users', count: 'all' },
  { value: 'ADMIN', label: 'Admin', count: 'admin' },
  { value: 'CR', label: 'CRs', count: 'cr' },
  { value: 'STUDENT', label: 'Students', count: 'student' },
];

interface RoleTabsProps {
  value: RoleFilter;
  counts: RoleCounts | undefined;
  onChange: (role: RoleFilter) => void;
}

/** SPEC.md §2 role tabs, each with its count under the current branch and search. */
export function RoleTabs({ value, counts, onChange }: RoleTabsProps) {
  const tabs = TABS.map((tab) => ({ value: tab.value, label: tab.label, count: counts?.[tab.count] }));
  return <CountTabs label="Filter by role" tabs={tabs} value={value} onChange={onChange} />;
}
