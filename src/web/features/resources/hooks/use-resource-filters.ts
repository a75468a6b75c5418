import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { matchBranchId } from '@shared/catalogue';
import type { ResourceListQuery } from '@shared/resource';
import { RESULTS_PAGE_PARAM } from '@shared/search';
import { addressIsStill } from '../../../lib/address';
import { useBranches } from '../../../lib/get-branches';
import { useSession } from '../../../lib/session';
import { defaultSort, validSort, type SortChoice } from '../utils/sort-choice';
import { PREVIEW_PARAMS } from './use-linked-preview';

/** The filter form's values; '' means "Any". They live in the URL so a result page can be shared. */
export interface FilterValues {
  course: string;
  branch: string;
  resourceType: string;
  academicYear: string;
  semester: string;
  /** A past paper's exam (issue 34), one of EXAMS. */
  exam: string;
  q: string;
  /** '1': only search results whose best page holds a question with the words (issue 35). */
  questions: '' | '1';
  sort: SortChoice;
}

export const EMPTY_FILTERS: FilterValues = {
  course: 'btech',
  branch: '',
  resourceType: '',
  academicYear: '',
  semester: '',
  exam: '',
  q: '',
  questions: '',
  sort: 'newest',
};

const FIELDS = ['course', 'branch', 'resourceType', 'academicYear', 'semester', 'exam', 'q', 'questions'] as const;
/** Parameters that say which results to show; without any, a student's own class is shown. */
const RESULT_PARAMS = [...FIELDS, 'sort', RESULTS_PAGE_PARAM] as const;

/**
 * Reads and writes the filters in the address bar. The branch parameter is matched to the
 * branch list case-insensitively (SPEC.md §2), so /filter-resources?branch=CSE preselects CSE.
 * /filter-resources with no filter at all opens on the student's own class (from the profile);
 * choosing "Any" writes the course to the address, so it stays "Any" afterwards.
 */
export function useResourceFilters() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const branches = useBranches();
  const { user } = useSession();
  // `page` beside `preview` is the preview's page (a shared link), not a choice of results.
  const oldListPage = params.has('page') && !params.has('preview');
  const unfiltered = !RESULT_PARAMS.some((key) => params.has(key)) && !oldListPage;
  const ownClass = unfiltered && user && user.role !== 'ADMIN' && user.semester ? { branch: user.branch, semester: String(user.semester) } : null;

  const values = useMemo<FilterValues>(() => {
    if (ownClass) return { ...EMPTY_FILTERS, branch: ownClass.branch, semester: ownClass.semester };
    const raw = (key: string) => params.get(key)?.trim() ?? '';
    const branchParam = raw('branch');
    const branch = branches.data ? (matchBranchId(branchParam, branches.data.branches) ?? '') : branchParam.toLowerCase();
    return {
      course: params.has('course') ? raw('course') : EMPTY_FILTERS.course,
      branch,
      resourceType: raw('resourceType'),
      academicYear: raw('academicYear'),
      semester: raw('semester'),
      exam: raw('exam'),
      q: raw('q'),
      questions: raw('questions') === '1' ? '1' : '',
      sort: validSort(raw('sort'), raw('q')),
    };
  }, [params, branches.data, ownClass?.branch, ownClass?.semester]);

  // `page` is the preview's page when a preview is open; without one it is an old list link's.
  const pageParam = params.get(RESULTS_PAGE_PARAM) ?? (params.has('preview') ? null : params.get('page'));
  const page = Math.max(1, Number.parseInt(pageParam ?? '1', 10) || 1);

  /** What the API is asked; waits for the branch list so an unknown branch is not sent. */
  const query = useMemo<Partial<ResourceListQuery>>(
    () => ({
      course: values.course || undefined,
      branch: values.branch || undefined,
      resourceType: (values.resourceType || undefined) as ResourceListQuery['resourceType'],
      academicYear: values.academicYear || undefined,
      semester: values.semester ? Number(values.semester) : undefined,
      exam: values.exam || undefined,
      q: values.q || undefined,
      questions: values.q && values.questions ? values.questions : undefined,
      sort: values.sort,
      page,
    }),
    [values, page],
  );

  /**
   * Puts filters in the address. `live` (the search box, as one types) replaces the current entry
   * rather than adding one per pause, and keeps a preview that was opened meanwhile.
   */
  const apply = useCallback(
    (next: FilterValues, nextPage = 1, options: { live?: boolean } = {}) => {
      const search = new URLSearchParams();
      for (const key of FIELDS) {
        // course is written even when empty ("Any"), so reloading keeps "Any" rather than the default.
        // "Questions only" narrows a search: without words it means nothing and is left out.
        if (key === 'questions' && !next.q) continue;
        if (next[key] || (key === 'course' && !next.course)) search.set(key, next[key]);
      }
      const sort = validSort(next.sort, next.q);
      if (sort !== defaultSort(next.q)) search.set('sort', sort);
      if (nextPage > 1) search.set(RESULTS_PAGE_PARAM, String(nextPage));
      if (!options.live) return setParams(search);
      if (!addressIsStill(location)) return;
      setParams(
        (current) => {
          // Without `preview`, a `page` is an old link's list page, not a preview's: left behind.
          for (const key of current.has('preview') ? PREVIEW_PARAMS : []) {
            const value = current.get(key);
            if (value !== null) search.set(key, value);
          }
          return search;
        },
        { replace: true, state: location.state },
      );
    },
    [setParams, location],
  );

  const goToPage = useCallback((nextPage: number) => apply(values, nextPage), [apply, values]);

  return { values, page, query, ready: branches.isSuccess || branches.isError, apply, goToPage };
}
