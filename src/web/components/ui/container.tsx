import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type ContainerWidth = 'prose' | 'default';

interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  width?: ContainerWidth;
}

const widths: Record<ContainerWidth, string> = {
  prose: 'max-w-3xl',
  default: 'max-w-6xl',
};

/** Centred page column with the side padding every page shares. */
export function Container({ width = 'default', className, ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[width], className)} {...props} />;
}
