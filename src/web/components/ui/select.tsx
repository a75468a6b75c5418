import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlClasses } from './input';

interface SelectProps extends ComponentProps<'select'> {
  /** Shown (and not choosable again) while nothing is selected; its value is ''. */
  placeholder?: string;
}

/** A native select: the phone's own picker is the most usable one there is. */
export function Select({ className, placeholder, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select
        className={cn(
          controlClasses,
          // The placeholder is greyed like an input's, so it does not read as a chosen value.
          "appearance-none pr-10 [&:has(option[value='']:checked)]:text-slate-500 [&>option]:text-slate-900",
          className,
        )}
        {...props}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
      />
    </div>
  );
}
