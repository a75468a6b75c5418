import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type BadgeTone = 'accent' | 'brand' | 'neutral' | 'red' | 'orange' | 'blue' | 'green';

// Dark text on light fills: white on amber fails the 4.5:1 contrast minimum.
const tones: Record<BadgeTone, string> = {
  accent: 'bg-accent-400 text-brand-900',
  brand: 'bg-brand-100 text-brand-800',
  neutral: 'bg-slate-100 text-slate-700',
  red: 'bg-red-100 text-red-800',
  orange: 'bg-orange-100 text-orange-800',
  blue: 'bg-sky-100 text-sky-800',
  green: 'bg-green-100 text-green-800',
};

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'brand', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold uppercase tracking-wide', tones[tone], className)}
      {...props}
    />
  );
}
