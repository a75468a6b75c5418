import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlClasses } from './input';

/** A multi-line text field styled like Input; grows by hand (resize-y), never narrower. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClasses, 'resize-y', className)} {...props} />;
}
