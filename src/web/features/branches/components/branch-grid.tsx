import type { ReactNode } from 'react';

/** 1 column on phones, 2 on tablets, 3 on desktops. */
export const branchGridClasses = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function BranchGrid({ children }: { children: ReactNode }) {
  return <ul className={branchGridClasses}>{children}</ul>;
}
