import type { CSSProperties } from 'react';
import { cn } from './cn';

/** A grey placeholder block; hidden from assistive technology, which gets a status text instead. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" style={style} className={cn('rounded-md bg-slate-200 motion-safe:animate-pulse', className)} />;
}
