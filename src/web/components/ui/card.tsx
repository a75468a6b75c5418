import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** Class string for card surfaces, for elements that are not a <div> (e.g. a link card). */
export const cardClasses = 'rounded-xl border border-slate-200 bg-white shadow-sm';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(cardClasses, className)} {...props} />;
}
