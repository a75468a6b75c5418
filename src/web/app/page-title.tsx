import { useEffect, type ReactNode } from 'react';
import { publicConfig } from '../lib/public-config';

/** "{Page} · {productName}"; without a page name, the home title with the tagline. */
export function formatPageTitle(page?: string): string {
  return page
    ? `${page} · ${publicConfig.productName}`
    : `${publicConfig.productName} · ${publicConfig.productTagline}`;
}

interface PageTitleProps {
  title?: string;
  children: ReactNode;
}

/** Sets the tab title for the route it wraps, so screen readers and history show the page name. */
export function PageTitle({ title, children }: PageTitleProps) {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
  return children;
}
