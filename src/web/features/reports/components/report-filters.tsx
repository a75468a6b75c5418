import { ISSUE_TYPES, PRIORITIES, REPORT_STATUSES, type ReportListQuery } from '@shared/report';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import type { ReportFilterChange } from '../hooks/use-report-filters';

interface ReportFiltersProps {
  query: ReportListQuery;
  onChange: (change: ReportFilterChange) => void;
}

/** Status, type and priority selects; "All" (empty) lifts a filter. */
export function ReportFilters({ query, onChange }: ReportFiltersProps) {
  const filters = [
    { key: 'status', label: 'Status', all: 'All statuses', options: REPORT_STATUSES },
    { key: 'issueType', label: 'Type', all: 'All types', options: ISSUE_TYPES },
    { key: 'priority', label: 'Priority', all: 'All priorities', options: PRIORITIES },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {filters.map((filter) => (
        <FormField key={filter.key} label={filter.label} className={filter.key === 'status' ? 'col-span-2 sm:col-span-1' : undefined}>
          {(control) => (
            <Select {...control} value={query[filter.key] ?? ''} onChange={(event) => onChange({ [filter.key]: event.target.value || undefined })}>
              <option value="">{filter.all}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ))}
    </div>
  );
}
