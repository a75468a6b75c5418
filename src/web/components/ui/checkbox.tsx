import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
}

/** A checkbox whose whole label is the click target (44px high, for thumbs). */
export function Checkbox({ label, className, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex min-h-11 items-center gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-slate-800 select-none">
        {label}
      </label>
    </div>
  );
}
