import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { can } from '@shared/permissions';
import { RESOURCE_MESSAGES, type Resource } from '@shared/resource';
import { FILTER_RESOURCES_HEAD } from '@shared/page-heads/filter-resources';
import { Card } from '../../../components/ui/card';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { PageColumn } from '../../../components/page-column';
import { errorMessage } from '../../../lib/api-client';
import { useBranches } from '../../../lib/get-branches';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteResource } from '../api/delete-resource';
import { useResources } from '../api/list-resources';
import { FilterForm } from '../components/filter-form';
import { ResourceResults } from '../components/resource-results';
import { useDownload } from '../hooks/use-download';
import { useLinkedPreview } from '../hooks/use-linked-preview';
import { useResourceFilters, type FilterValues } from '../hooks/use-resource-filters';

// Out of the page's first load (DESIGN.md §5: the list is what a student waits for). All are
// rendered closed (the delete dialog for admins only), so their code arrives right after the page;
// the PDF viewer inside the preview is a lazy chunk of its own.
const PreviewDialog = lazyComponent(() => import('../components/preview-dialog'), (m) => m.PreviewDialog);
const DeleteResourceDialog = lazyComponent(() => import('../components/delete-resource-dialog'), (m) => m.DeleteResourceDialog);
const EditDetailsDialog = lazyComponent(() => import('../components/edit-details-dialog'), (m) => m.EditDetailsDialog);

/** /filter-resources: SPEC.md §2's form and results, with the filters kept in the address. */
export function FilterResourcesPage() {
  const { user } = useSession();
  const branches = useBranches();
  const filters = useResourceFilters();
  const results = useResources(filters.query, filters.ready);
  // Words that found nothing with the filters set: how many they find in the whole library.
  const { q, course, branch, semester, resourceType, academicYear, questions } = filters.query;
  const narrowed = !!q && !!(branch || semester || resourceType || academicYear || questions);
  const wider = useResources({ q, course, pageSize: 1 }, narrowed && results.data?.total === 0);
  const download = useDownload();
  const deletion = useDeleteResource();
  const preview = useLinkedPreview();
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const [retitling, setRetitling] = useState<Resource | null>(null);
  const handleChange = (values: FilterValues) => {
    // The same filters again (Enter in the search box) still ask the server: new uploads may have arrived.
    if (JSON.stringify(values) === JSON.stringify(filters.values) && filters.page === 1) void results.refetch();
    else filters.apply(values);
  };

  const handleDelete = (resource: Resource) => {
    // Modals close first (SPEC.md §4), so the progress toast is not hidden behind a backdrop.
    setDeleting(null);
    preview.close();
    const id = toast.loading(RESOURCE_MESSAGES.deleting);
    deletion.mutate(resource.id, {
      onSuccess: () => toast.success(RESOURCE_MESSAGES.deleted, { id }),
      onError: (error) => toast.error(errorMessage(error, RESOURCE_MESSAGES.deleteFailed, [401, 403, 404]), { id }),
    });
  };

  // The list arrives as an urgent update (a change of the data cache), which React renders in one
  // go: twenty cards in one long task on a phone. Deferred, the form stays as it is for that
  // update and the cards are rendered as a transition, in slices the browser can interleave with
  // input. One object, so the list never shows the data of one moment with the state of another.
  const answered = useAnsweredFilters(results.data, results.isPlaceholderData, filters.values);
  const listed = useMemo(
    () => ({
      data: results.data,
      answered,
      isPending: !results.data && (results.isPending || results.isFetching),
      isError: results.isError,
      isFetching: results.isFetching,
    }),
    [results.data, answered, results.isPending, results.isError, results.isFetching],
  );
  const shown = useDeferredValue(listed);

  const signedIn = user !== null;
  const canDelete = can(user?.role, 'deleteResources');
  // A search result opens on its best page, with the searched words highlighted. Kept while the
  // list shown is (the cards are memoized): the words come with the list, the deferred one.
  const terms = shown.data?.terms;
  const handlePreview = useCallback(
    (resource: Resource) => preview.open(resource, resource.hit && { page: resource.hit.page, terms: terms ?? [], question: resource.hit.question?.id }),
    [preview.open, terms],
  );
  const handlers = { signedIn, canDelete, onPreview: handlePreview, onDownload: download, onDelete: setDeleting };

  return (
    <PageColumn head={FILTER_RESOURCES_HEAD}>
      <Card className="mt-4 p-4 sm:mt-8 sm:p-6">
        <FilterForm
          initial={filters.values}
          branches={branches.data?.branches ?? []}
          total={results.isPlaceholderData ? undefined : results.data?.total}
          onChange={handleChange}
          onSearch={(values) => filters.apply(values, 1, { live: true })}
        />
      </Card>
      <ResourceResults
        data={shown.data}
        isPending={shown.isPending}
        isError={shown.isError}
        isFetching={shown.isFetching}
        searched={shown.answered.q}
        widerTotal={narrowed && !results.isPlaceholderData ? wider.data?.total : undefined}
        prefill={{
          branch: shown.answered.branch,
          semester: shown.answered.semester,
          academicYear: shown.answered.academicYear,
          resourceType: shown.answered.resourceType,
          exam: shown.answered.exam,
        }}
        lookedIn={lookedIn(shown.answered)}
        onRetry={() => void results.refetch()}
        onPageChange={(page) => {
          filters.goToPage(page);
          document.getElementById('found-resources')?.scrollIntoView({ block: 'start' });
        }}
        {...handlers}
        canEditAll={can(user?.role, 'editAllResources')}
        onEditTitle={setRetitling}
      />
      <PreviewDialog target={preview.target} onClose={preview.close} onPageChange={preview.showPage} onOpenRelated={preview.open} {...handlers} />
      {canDelete ? <DeleteResourceDialog resource={deleting} onCancel={() => setDeleting(null)} onConfirm={handleDelete} /> : null}
      <EditDetailsDialog resource={retitling} onClose={() => setRetitling(null)} />
    </PageColumn>
  );
}

/**
 * The filters the list on screen answers. While a new search is on its way the previous answer
 * stays (keepPreviousData), and its empty state must name the words it was for, not the new ones
 * the server has not answered yet (nor prefill a request with them).
 */
function useAnsweredFilters(data: unknown, isPlaceholderData: boolean, values: FilterValues): FilterValues {
  const [answered, setAnswered] = useState({ data, values });
  // Set during render (React's "storing information from previous renders"): an effect would show
  // the new answer with the old words for one frame.
  if ((data !== answered.data || values !== answered.values) && !isPlaceholderData) {
    setAnswered({ data, values });
    return values;
  }
  return isPlaceholderData ? answered.values : values;
}

/** "CSE · sem4 · PYQ · 2024-25": the filters set, in the cards' words ('' when every field is Any). */
function lookedIn({ branch, semester, resourceType, academicYear, exam, q, questions }: FilterValues): string {
  return [branch.toUpperCase(), semester && `sem${semester}`, resourceType, academicYear, exam, q && questions && 'questions only'].filter(Boolean).join(' · ');
}
