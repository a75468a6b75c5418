import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Input } from './input';

/**
 * A search box with a magnifier inside it; the caller labels it. `className` goes on the wrapper,
 * which takes the box's place in a flex row or grid.
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <Input type="search" maxLength={100} autoComplete="off" className="pl-9" {...props} />
    </div>
  );
}
