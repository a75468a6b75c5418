import { Spinner } from './spinner';

/** Stands in for the whole app while something it cannot render without is still unknown. */
export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 text-brand-800">
      <Spinner label={label} showLabel className="text-base font-medium" />
    </div>
  );
}
