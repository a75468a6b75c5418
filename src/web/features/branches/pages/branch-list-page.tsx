import { Container } from '../../../components/ui/container';
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
    <Container className="py-12 sm:py-16">
      <div className="mb-10 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Engineering Branches</h1>
        <p className="mt-3 text-lg text-slate-600">
          Choose your branch to find notes, previous-year question papers and practical files for every semester.
        </p>
      </div>
      <BranchListContent />
    </Container>
  );
}
