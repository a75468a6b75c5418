import { cn } from './cn';

/** A grey placeholder block; hidden from assistive technology, which gets a status text instead. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('rounded-md bg-slate-200 motion-safe:animate-pulse', className)} />;
}
