import { cn } from './cn';

interface ProgressBarProps {
  /** 0-100 */
  value: number;
  label: string;
  className?: string;
}

/** A labelled determinate progress bar with its percentage (SPEC.md §2 upload). */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex justify-between text-sm font-medium text-slate-800">
        <span>{label}</span>
        <span aria-hidden="true">{`${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
