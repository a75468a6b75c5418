import { MESSAGES } from '@shared/messages';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { branchGridClasses } from './branch-grid';

const PLACEHOLDER_COUNT = 6;

export function BranchListSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {MESSAGES.loading}
      </p>
      <div aria-hidden="true" className={branchGridClasses}>
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
          <Card key={index} className="p-6">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="mt-3 h-5 w-40" />
            <Skeleton className="mt-5 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-3/4" />
            <Skeleton className="mt-6 h-4 w-28" />
          </Card>
        ))}
      </div>
    </div>
  );
}
