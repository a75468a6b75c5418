import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

interface SpinnerProps {
  /** Announced to screen readers and shown beside the icon when `showLabel` is set. */
  label: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label, showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}
