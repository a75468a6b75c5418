import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface BranchListErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

export function BranchListError({ onRetry, retrying }: BranchListErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 font-medium text-red-800">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        Could not load branches.
      </p>
      <Button variant="secondary" onClick={onRetry} aria-busy={retrying}>
        Try again
      </Button>
    </div>
  );
}
