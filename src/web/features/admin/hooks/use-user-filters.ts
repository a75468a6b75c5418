import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { adminUserListQuerySchema, type AdminUserListQuery } from '@shared/admin';

export type UserFilterChange = Partial<Pick<AdminUserListQuery, 'role' | 'branch' | 'q'>>;

/**
 * The dashboard's tab, branch, search and page live in the address bar, so Back undoes a filter
 * and a reload keeps the view. Any filter change returns to page 1 (SPEC.md §4).
 */
export function useUserFilters() {
  const [params, setParams] = useSearchParams();

  const query = useMemo<AdminUserListQuery>(() => {
    const parsed = adminUserListQuerySchema.safeParse(Object.fromEntries(params));
    return parsed.success ? parsed.data : { role: 'ALL', page: 1 };
  }, [params]);

  const write = useCallback(
    (next: AdminUserListQuery, replace: boolean) => {
      const search = new URLSearchParams();
      if (next.role !== 'ALL') search.set('role', next.role);
      if (next.branch) search.set('branch', next.branch);
      if (next.q) search.set('q', next.q);
      if (next.page > 1) search.set('page', String(next.page));
      setParams(search, { replace });
    },
    [setParams],
  );

  // Typing replaces the history entry: Back should not step through every keystroke.
  const change = useCallback(
    (filters: UserFilterChange, options: { replace?: boolean } = {}) =>
      write({ ...query, ...filters, page: 1 }, options.replace ?? false),
    [query, write],
  );
  const goToPage = useCallback((page: number) => write({ ...query, page }, false), [query, write]);

  return { query, change, goToPage };
}
