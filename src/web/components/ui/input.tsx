import type { ComponentProps } from 'react';
import { cn } from './cn';

/*
 * 16px text on phones: iOS zooms into any focused field whose text is smaller, and the page
 * then stays zoomed. From the sm breakpoint up, the denser 14px matches the rest of the UI.
 */
export const controlClasses =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:border-brand-600 sm:text-sm ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-invalid:border-red-600';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, className)} {...props} />;
}
