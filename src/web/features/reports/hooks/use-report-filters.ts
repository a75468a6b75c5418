import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { reportListQuerySchema, type ReportListQuery } from '@shared/report';
import { reportListSearch } from '../api/list-reports';

export type ReportFilterChange = Partial<Pick<ReportListQuery, 'status' | 'issueType' | 'priority'>>;

/**
 * The inbox's filters and page live in the address bar, so Back undoes a filter and a reload or
 * a shared link keeps the view. Any filter change returns to page 1.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();

  const query = useMemo<ReportListQuery>(() => {
    const parsed = reportListQuerySchema.safeParse(Object.fromEntries(params));
    return parsed.success ? parsed.data : { page: 1 };
  }, [params]);

  const change = useCallback(
    (filters: ReportFilterChange) => setParams(reportListSearch({ ...query, ...filters, page: 1 })),
    [query, setParams],
  );
  const goToPage = useCallback((page: number) => setParams(reportListSearch({ ...query, page })), [query, setParams]);

  return { query, change, goToPage };
}
