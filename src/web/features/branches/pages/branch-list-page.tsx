import { PageColumn } from '../../../components/page-column';
import { BRANCHES_HEAD } from '@shared/page-heads/branches';
import { useBranches } from '../../../lib/get-branches';
import { BranchCard } from '../components/branch-card';
import { BranchGrid } from '../components/branch-grid';
import { BranchListError } from '../components/branch-list-error';
import { BranchListSkeleton } from '../components/branch-list-skeleton';

function BranchListContent() {
  const { data, isPending, isError, isFetching, refetch } = useBranches();
  if (isPending) return <BranchListSkeleton />;
  if (isError) return <BranchListError onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.branches.length === 0) {
    return <p className="text-slate-600">No branches have been set up yet.</p>;
  }
  return (
    <BranchGrid>
      {data.branches.map((branch) => (
        <li key={branch.id}>
          <BranchCard branch={branch} />
        </li>
      ))}
    </BranchGrid>
  );
}

export function BranchListPage() {
  return (
    <PageColumn head={BRANCHES_HEAD}>
      <BranchListContent />
    </PageColumn>
  );
}
