/**
 * Class names of the frame every page shares: the page column and the nav bar. The web app's
 * components and the server's first paint (page-shell.ts) both use them, so the markup painted
 * before the scripts run lines up with what the app then renders.
 */

/** The page column every page shares (web: components/ui/container.tsx). */
export const PAGE_COLUMN = {
  base: 'mx-auto w-full px-4 sm:px-6 lg:px-8',
  default: 'max-w-6xl',
  prose: 'max-w-3xl',
} as const;

export type PageColumnWidth = 'default' | 'prose';

export const PAGE_HEADING_CLASS = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

/** The nav bar's frame and brand (web: app/nav-bar.tsx). */
export const NAV_CLASSES = {
  header: 'surface-dark sticky top-0 z-40 bg-brand-900 text-white shadow-md',
  bar: 'flex h-16 items-center justify-between gap-4',
  brandGroup: 'flex min-w-0 items-center gap-2',
  brand: 'flex min-w-0 items-center gap-2 rounded-lg py-1 text-lg font-bold tracking-tight',
  badge: 'inline-flex shrink-0 items-center rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold tracking-wide text-brand-900 uppercase',
  main: 'min-h-[calc(100svh-4rem)] flex-1',
} as const;

export const BETA_BADGE = 'Beta';
