import type { HTMLAttributes } from 'react';
import { PAGE_COLUMN, type PageColumnWidth } from '@shared/page-frame';
import { cn } from './cn';

type ContainerWidth = PageColumnWidth;

interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  width?: ContainerWidth;
}

/** Centred page column with the side padding every page shares. */
export function Container({ width = 'default', className, ...props }: ContainerProps) {
  return <div className={cn(PAGE_COLUMN.base, PAGE_COLUMN[width], className)} {...props} />;
}
